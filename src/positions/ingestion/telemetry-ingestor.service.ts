import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { TrackerRouting } from '@app/fleet';
import { TelemetryCompaction } from '../pipeline/telemetry-compaction.service';
import { PartitionRouter } from '../pipeline/partition-router';
import { TrackerBatch, TrackerPipeline } from '../pipeline/tracker-pipeline.service';
import { TelemetryPoint, toTelemetryPoint } from '../telemetry/telemetry-point';

export interface IngestReport {
  /** Messages stored for the first time. */
  accepted: number;
  /** Messages the store already held (same device and timestamp), or repeated in the batch. */
  duplicates: number;
  /** Messages of a device id no tracker has: dropped. */
  unknownDevice: number;
  /** Messages without a device id or a usable timestamp: dropped. */
  invalid: number;
}

export interface IngestTracker {
  _id: Types.ObjectId;
  clientId: Types.ObjectId;
  vendorId: number;
}

/** A command (no background compaction) compacts once its trackers hold this many points in memory. */
const COMMAND_UNCOMPACTED_POINTS = 200_000;

/** `device.id`, else a numeric `ident` (a device whose ident is its flespi id). */
function deviceIdOf(message: unknown): number | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  const nested = m.device && typeof m.device === 'object' ? (m.device as Record<string, unknown>).id : undefined;
  const id = m['device.id'] ?? nested ?? (typeof m.ident === 'string' && /^\d{1,15}$/.test(m.ident) ? Number(m.ident) : m.ident);
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The one way telemetry comes in (the flespi stream route, the import command, the demo
 * simulator): messages read and routed to their trackers, then the per-tracker pipeline
 * (`TrackerPipeline`: stored, visible to every read, and followed by trips, fleet events and
 * meters) before the answer.
 */
@Injectable()
export class TelemetryIngestor {
  private readonly isCommand: boolean;

  constructor(
    private readonly routing: TrackerRouting,
    private readonly router: PartitionRouter,
    private readonly pipeline: TrackerPipeline,
    private readonly compaction: TelemetryCompaction,
    config: AppConfig,
  ) {
    this.isCommand = !config.runsBackgroundWork;
  }

  /** A batch of flespi messages of any devices. */
  async ingestMessages(messages: readonly unknown[]): Promise<IngestReport> {
    const report: IngestReport = { accepted: 0, duplicates: 0, unknownDevice: 0, invalid: 0 };
    const byDevice = new Map<number, TelemetryPoint[]>();
    for (const message of messages) {
      const vendorId = deviceIdOf(message);
      const point = vendorId === null ? null : toTelemetryPoint(message);
      if (vendorId === null || !point) report.invalid++;
      else if (byDevice.get(vendorId)?.push(point) === undefined) byDevice.set(vendorId, [point]);
    }
    const trackers = await this.routing.findByVendorIds([...byDevice.keys()]);
    const batches: TrackerBatch[] = [];
    for (const [vendorId, points] of byDevice) {
      const tracker = trackers.get(vendorId);
      if (tracker) batches.push({ tracker, points });
      else report.unknownDevice += points.length;
    }
    for (const { accepted, duplicates } of await this.ingest(batches)) {
      report.accepted += accepted;
      report.duplicates += duplicates;
    }
    return report;
  }

  /** Points of one tracker. */
  async ingestPoints(tracker: IngestTracker, points: readonly TelemetryPoint[]): Promise<Pick<IngestReport, 'accepted' | 'duplicates'>> {
    return (await this.ingest([{ tracker, points }]))[0];
  }

  private async ingest(batches: readonly TrackerBatch[]) {
    const counts = await this.router.ingest(batches.filter((batch) => batch.points.length > 0));
    if (this.isCommand && this.pipeline.uncompactedPoints() >= COMMAND_UNCOMPACTED_POINTS) await this.compaction.compact();
    let next = 0;
    return batches.map((batch) => (batch.points.length > 0 ? counts[next++] : { accepted: 0, duplicates: 0 }));
  }

}
