import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { InspectionQrScan } from '../schemas/inspection-qr-scan.schema';

interface Pending {
  entry: InspectionQrScan;
  done: { resolve: () => void; reject: (error: unknown) => void };
}

/**
 * Appends scans to the history in group commits: the scans that arrive in the same turn of the
 * event loop are written by one `insertMany`, and each caller still waits until its own entry is
 * written. Under load this turns one insert per scan into one per batch, without giving up the
 * guarantee that an answered scan is recorded.
 */
@Injectable()
export class ScanHistoryWriter {
  private queue: Pending[] = [];

  constructor(@InjectModel(InspectionQrScan.name) private readonly scans: Model<InspectionQrScan>) {}

  append(entry: InspectionQrScan): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => void this.flush());
      this.queue.push({ entry, done: { resolve, reject } });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      // Entries are built by our code, so they go to the driver as they are: mongoose's
      // insertMany would cast and validate each one (with `lean`, still one setImmediate each).
      await this.scans.collection.insertMany(batch.map((pending) => pending.entry));
      for (const pending of batch) pending.done.resolve();
    } catch (error) {
      for (const pending of batch) pending.done.reject(error);
    }
  }
}
