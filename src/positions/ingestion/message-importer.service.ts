import { Injectable } from '@nestjs/common';
import { TrackerRouting } from '@app/fleet';
import { FUTURE_TOLERANCE_S, TelemetryIngestor } from './telemetry-ingestor.service';
import { TelemetryPoint, toTelemetryPoint } from '../telemetry/telemetry-point';
import { readMessages } from './message-file-reader';

export interface MessageImportReport {
  vendorId: number;
  trackerId: string;
  messages: number;
  /** Messages without a usable timestamp, left out. */
  skipped: number;
  /** Messages timestamped more than 5 minutes after the server's clock: refused (docs/telemetry.md, "Refused messages"). */
  future: number;
  /** Messages stored for the first time (fixes counted `implausible` apart); the others were already stored (same timestamp). */
  accepted: number;
  /** Fixes stored that no vehicle could have reached from the tracker's previous one: they move nothing. */
  implausible: number;
  duplicates: number;
  seconds: number;
  messagesPerSecond: number;
}

/** Loads a file of flespi-style messages into the store for one tracker, streaming, in batches. */
@Injectable()
export class MessageImporter {
  constructor(
    private readonly ingestor: TelemetryIngestor,
    private readonly trackers: TrackerRouting,
  ) {}

  /** `onBatch` hears the messages read so far after each batch (the command line's progress). */
  async importFile(vendorId: number, path: string, batchSize = 50_000, onBatch?: (messagesRead: number) => void): Promise<MessageImportReport> {
    const tracker = await this.trackers.findByVendorId(vendorId);
    if (!tracker) throw new Error(`No tracker has vendor id ${vendorId}`);
    const started = process.hrtime.bigint();
    let [messages, skipped, future, accepted, implausible] = [0, 0, 0, 0, 0];
    const latestAllowed = Date.now() / 1000 + FUTURE_TOLERANCE_S;
    let batch: TelemetryPoint[] = [];
    // A batch is written while the next one is read and parsed (the database works on another
    // core); writes stay one at a time and in order, so consecutive batches may share an hour.
    let writing: Promise<void> = Promise.resolve();
    let failure: unknown;
    const flush = async () => {
      const points = batch;
      batch = [];
      onBatch?.(messages);
      await writing;
      if (failure) throw failure instanceof Error ? failure : new Error('the import failed', { cause: failure });
      // The same path as the flespi stream's batches (dedup, latest position, trips).
      writing = this.ingestor.ingestPoints(tracker, points).then(
        (result) => void ((accepted += result.accepted), (implausible += result.implausible)),
        (error: unknown) => void (failure = error),
      );
    };
    for await (const message of readMessages(path)) {
      messages++;
      const point = toTelemetryPoint(message);
      if (!point) skipped++;
      else if (point.ts > latestAllowed) future++;
      else if (batch.push(point) >= batchSize) await flush();
    }
    await flush();
    await writing;
    if (failure) throw failure instanceof Error ? failure : new Error('the import failed', { cause: failure });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      vendorId,
      trackerId: tracker._id.toHexString(),
      messages,
      skipped,
      future,
      accepted,
      implausible,
      duplicates: messages - skipped - future - accepted - implausible,
      seconds: Math.round(seconds * 1000) / 1000,
      messagesPerSecond: Math.round(messages / Math.max(seconds, 1e-6)),
    };
  }
}
