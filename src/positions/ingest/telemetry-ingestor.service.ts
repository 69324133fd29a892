import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { TrackerRouting } from '@app/fleet';
import { PositionUpdates } from '../live/position-updates';
import { KeyedQueue } from '../store/keyed-queue';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import { TelemetryPoint, toTelemetryPoint } from '../telemetry/telemetry-point';
import { LatestPositionStore } from './latest-position.store';
import { TripRecorder } from './trip-recorder.service';

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
  vendorId: number;
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
 * The one ingestion path (the flespi stream route, the import command, the demo simulator):
 * store the points (deduplicated by device and timestamp), move the latest position forward,
 * detect trips again where the new messages can change them, and publish the position. Batches
 * of the same tracker go through here one at a time.
 */
@Injectable()
export class TelemetryIngestor {
  private readonly queues = new KeyedQueue();

  constructor(
    private readonly routing: TrackerRouting,
    private readonly writer: TelemetryStoreWriter,
    private readonly latest: LatestPositionStore,
    private readonly trips: TripRecorder,
    private readonly updates: PositionUpdates,
  ) {}

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
    await Promise.all(
      [...byDevice].map(async ([vendorId, points]) => {
        const tracker = await this.routing.findByVendorId(vendorId);
        if (!tracker) return void (report.unknownDevice += points.length);
        const { accepted, duplicates } = await this.ingestPoints(tracker, points);
        report.accepted += accepted;
        report.duplicates += duplicates;
      }),
    );
    return report;
  }

  /** Points of one tracker. */
  ingestPoints(tracker: IngestTracker, points: readonly TelemetryPoint[]): Promise<Pick<IngestReport, 'accepted' | 'duplicates'>> {
    return this.queues.run(tracker._id.toHexString(), async () => {
      if (points.length === 0) return { accepted: 0, duplicates: 0 };
      const written = await this.writer.write(tracker._id, points);
      const result = { accepted: written.added, duplicates: points.length - written.added };
      // Even when every point was known: a process killed after storing the points and before
      // the steps below leaves them undone, and the sender's resend (all duplicates) must finish
      // them. Each step is idempotent: the latest position only moves forward, trips are
      // detected again from the stored points (issue 21).
      let newest: (TelemetryPoint & { lat: number; lng: number }) | undefined;
      for (const point of points) {
        if (point.lat !== null && point.lng !== null && (!newest || point.ts > newest.ts)) newest = point as typeof newest;
      }
      const id = tracker._id.toHexString();
      const before = await this.latest.get(id);
      const advanced = newest ? await this.latest.advance(tracker._id, tracker.vendorId, newest) : null;
      const progress = await this.trips.update(tracker._id, { points, latest: before?.ts ?? -Infinity, openTripBegin: before?.openTripBegin ?? null }, LatestPositionStore.tripProgressOf(before));
      if (advanced || before) await this.latest.setTripProgress(id, progress);
      if (advanced) this.updates.publish({ ...advanced, openTripBegin: progress.openBegin });
      return result;
    });
  }
}
