import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { Counter } from 'prom-client';
import { AppConfig } from '@app/config';
import { RefusalReason, RefusedMessage, StoredTracker, TrackerRouting } from '@app/fleet';
import { AppMetrics } from '@app/metrics';
import { TelemetryCompaction } from '../pipeline/telemetry-compaction.service';
import { PartitionRouter } from '../pipeline/partition-router';
import type { TrackerBatch } from '../pipeline/batch-arrivals';
import { TrackerPipeline } from '../pipeline/tracker-pipeline.service';
import { TelemetryPoint, toTelemetryPoint } from '../telemetry/telemetry-point';
import type { IngestReportView } from './ingest-report.view';

/** What became of a batch of messages, each counted once (its fields: the route's view). */
export type IngestReport = IngestReportView;

/** A message may be this far ahead of the server's clock (s): devices' clocks drift a little. */
export const FUTURE_TOLERANCE_S = 300;

export interface IngestTracker {
  _id: Types.ObjectId;
  clientId: Types.ObjectId;
  vendorId: number;
}

/** A command (no background compaction) compacts once its trackers hold this many points in memory. */
const COMMAND_UNCOMPACTED_POINTS = 200_000;

/** The `ident` a message names its device by, if any. */
function identOf(message: Record<string, unknown>): string | null {
  const ident = message.ident;
  return typeof ident === 'string' ? ident : typeof ident === 'number' ? String(ident) : null;
}

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
  private readonly refusedTotal: Counter<'reason'>;
  private readonly implausibleTotal: Counter;

  constructor(
    private readonly routing: TrackerRouting,
    private readonly router: PartitionRouter,
    private readonly pipeline: TrackerPipeline,
    private readonly compaction: TelemetryCompaction,
    config: AppConfig,
    metrics: AppMetrics,
  ) {
    this.isCommand = !config.runsBackgroundWork;
    this.refusedTotal = metrics.counter({
      name: 'telemetry_messages_refused_total',
      help: 'Messages of known trackers refused: reason future (ahead of the clock) or identMismatch',
      labelNames: ['reason'],
    });
    this.implausibleTotal = metrics.counter({
      name: 'telemetry_fixes_implausible_total',
      help: 'Fixes stored but no vehicle could have reached: they moved nothing',
    });
  }

  /** A batch of flespi messages of any devices. */
  async ingestMessages(messages: readonly unknown[]): Promise<IngestReport> {
    const report: IngestReport = { accepted: 0, duplicates: 0, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0 };
    const byDevice = new Map<number, Array<{ point: TelemetryPoint; ident: string | null }>>();
    for (const message of messages) {
      const vendorId = deviceIdOf(message);
      const point = vendorId === null ? null : toTelemetryPoint(message);
      if (vendorId === null || !point) {
        report.invalid++;
        continue;
      }
      const read = { point, ident: identOf(message as Record<string, unknown>) };
      if (byDevice.get(vendorId)?.push(read) === undefined) byDevice.set(vendorId, [read]);
    }
    const trackers = await this.routing.findByVendorIds([...byDevice.keys()]);
    const refusals = new Map<string, RefusedMessage>();
    const batches: TrackerBatch[] = [];
    const latestAllowed = Date.now() / 1000 + FUTURE_TOLERANCE_S;
    for (const [vendorId, reads] of byDevice) {
      const tracker = trackers.get(vendorId);
      if (!tracker) {
        report.unknownDevice += reads.length;
        continue;
      }
      const points: TelemetryPoint[] = [];
      for (const { point, ident } of reads) {
        const reason = refusalOf(tracker, point, ident, latestAllowed);
        if (reason === null) points.push(point);
        else {
          report[reason]++;
          this.refusedTotal.inc({ reason });
          const newest = refusals.get(tracker._id.toHexString());
          if (!newest || newest.timestamp <= point.ts) refusals.set(tracker._id.toHexString(), { reason, at: new Date(), timestamp: point.ts, ident });
        }
      }
      batches.push({ tracker, points });
    }
    const [counts] = await Promise.all([this.ingest(batches), this.routing.recordRefusals(refusals)]);
    for (const { accepted, duplicates, implausible } of counts) {
      report.accepted += accepted;
      report.duplicates += duplicates;
      report.implausible += implausible;
    }
    if (report.implausible > 0) this.implausibleTotal.inc(report.implausible);
    return report;
  }

  /** Points of one tracker (they come from this server: their clock is the server's). */
  async ingestPoints(tracker: IngestTracker, points: readonly TelemetryPoint[]): Promise<Pick<IngestReport, 'accepted' | 'duplicates' | 'implausible'>> {
    return (await this.ingest([{ tracker, points }]))[0];
  }

  private async ingest(batches: readonly TrackerBatch[]) {
    const counts = await this.router.ingest(batches.filter((batch) => batch.points.length > 0));
    if (this.isCommand && this.pipeline.uncompactedPoints() >= COMMAND_UNCOMPACTED_POINTS) await this.compaction.compact();
    let next = 0;
    return batches.map((batch) => (batch.points.length > 0 ? counts[next++] : { accepted: 0, duplicates: 0, implausible: 0 }));
  }
}

/** Why a tracker's message is refused (docs/telemetry.md, "Refused messages"), null when it is not. */
function refusalOf(tracker: StoredTracker, point: TelemetryPoint, ident: string | null, latestAllowed: number): RefusalReason | null {
  if (tracker.ident && ident !== null && ident !== tracker.ident) return 'identMismatch';
  return point.ts > latestAllowed ? 'future' : null;
}
