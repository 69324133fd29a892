import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { TrackerRouting } from '@app/fleet';
import { mergePoints } from '../store/hour-bucket';
import { KeyedQueue } from '../store/keyed-queue';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import { TelemetryPoint, toTelemetryPoint } from '../telemetry/telemetry-point';
import { LatestMove, LatestPositionStore } from '../store/latest-position.store';
import { TripRecorder } from '../trips/trip-recorder.service';
import { PositionsStored, StoredFixes } from './positions-stored';

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

interface TrackerBatch {
  tracker: IngestTracker;
  points: readonly TelemetryPoint[];
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
 * detect trips again where the new messages can change them, and tell the subscribers of
 * `PositionsStored` (the live map, and whatever watches the fleet) before answering. Batches of
 * the same tracker go through here one at a time; the trackers of one batch go together.
 */
@Injectable()
export class TelemetryIngestor {
  private readonly queues = new KeyedQueue();

  constructor(
    private readonly routing: TrackerRouting,
    private readonly writer: TelemetryStoreWriter,
    private readonly latest: LatestPositionStore,
    private readonly trips: TripRecorder,
    private readonly stored: PositionsStored,
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
    const trackers = await this.routing.findByVendorIds([...byDevice.keys()]);
    const batches: TrackerBatch[] = [];
    for (const [vendorId, points] of byDevice) {
      const tracker = trackers.get(vendorId);
      if (tracker) batches.push({ tracker, points });
      else report.unknownDevice += points.length;
    }
    for (const { accepted, duplicates } of await this.ingestBatches(batches)) {
      report.accepted += accepted;
      report.duplicates += duplicates;
    }
    return report;
  }

  /** Points of one tracker. */
  async ingestPoints(tracker: IngestTracker, points: readonly TelemetryPoint[]): Promise<Pick<IngestReport, 'accepted' | 'duplicates'>> {
    return (await this.ingestBatches([{ tracker, points }]))[0];
  }

  /**
   * The points of several trackers together: one write of the store, one read and one write of
   * the latest records, whatever their number (a stream's batch mixes many devices with a few
   * messages each). Results in the order given.
   */
  private ingestBatches(all: readonly TrackerBatch[]): Promise<Pick<IngestReport, 'accepted' | 'duplicates'>[]> {
    const batches = all.filter((batch) => batch.points.length > 0);
    if (batches.length === 0) return Promise.resolve(all.map(() => ({ accepted: 0, duplicates: 0 })));
    const ids = batches.map((batch) => batch.tracker._id.toHexString());
    return this.queues.runAll(ids, async () => {
      const written = await this.writer.writeMany(batches.map((batch) => ({ trackerId: batch.tracker._id, points: batch.points })));
      const added = new Map(batches.map((batch, i) => [batch, written[i].added]));
      // Even when every point was known: a process killed after storing the points and before
      // the steps below leaves them undone, and the sender's resend (all duplicates) must finish
      // them. Each step is idempotent: the latest position only moves forward, trips are
      // detected again from the stored points.
      const before = await this.latest.findMany(ids);
      const moves = await Promise.all(
        batches.map(async ({ tracker, points }, i): Promise<LatestMove> => {
          const prior = before.get(ids[i]) ?? null;
          const window = { points, latest: prior?.ts ?? -Infinity, openTripBegin: prior?.openTripBegin ?? null };
          const progress = await this.trips.update(tracker._id, window, LatestPositionStore.tripProgressOf(prior));
          return { trackerId: tracker._id, vendorId: tracker.vendorId, newest: newestPositioned(points), before: prior, progress };
        }),
      );
      const moved = new Map((await this.latest.record(moves)).map((record) => [record._id, record]));
      const assets = await this.routing.assetsOfTrackers(batches.map((batch) => batch.tracker._id));
      await this.stored.publish(
        batches.map(({ tracker, points }, i): StoredFixes => ({
          clientId: tracker.clientId,
          trackerId: tracker._id,
          vendorId: tracker.vendorId,
          assetId: assets.get(ids[i]) ?? null,
          // As the store keeps them: in time order, a repeated timestamp's last copy.
          fixes: mergePoints([], points),
          added: added.get(batches[i]) ?? 0,
          latestTsBefore: before.get(ids[i])?.ts ?? null,
          latest: moved.get(ids[i]) ?? null,
        })),
      );
      return all.map((batch) => {
        const accepted = added.get(batch) ?? 0;
        return { accepted, duplicates: batch.points.length - accepted };
      });
    });
  }
}

/** The newest message that has coordinates: what the latest position may move to. */
function newestPositioned(points: readonly TelemetryPoint[]): PositionedPoint | null {
  let newest: PositionedPoint | null = null;
  for (const point of points) {
    if (point.lat !== null && point.lng !== null && (newest === null || point.ts > newest.ts)) newest = point as PositionedPoint;
  }
  return newest;
}

type PositionedPoint = TelemetryPoint & { lat: number; lng: number };
