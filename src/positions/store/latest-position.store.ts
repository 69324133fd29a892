import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LatestPosition, type LatestRecord } from './latest-position.schema';
import { TelemetryLog } from './telemetry-log';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TripProgress } from '../telemetry/trip-detector';

export type { LatestRecord };

/** A tracker's latest position at one of its located points, received now. */
export function latestRecordAt(tracker: { _id: Types.ObjectId; vendorId: number }, point: TelemetryPoint & { lat: number; lng: number }): LatestRecord {
  const { ts, lat, lng, speed, dir, alt } = point;
  return {
    _id: tracker._id.toHexString(),
    trackerId: tracker._id,
    vendorId: tracker.vendorId,
    ts,
    lat,
    lng,
    speed,
    dir,
    alt,
    ignition: point.ignition ?? null,
    ingestedAt: Date.now(),
    openTripBegin: null,
  };
}
/** A position as both sources give it. */
export type KnownPosition = Pick<LatestRecord, 'lat' | 'lng' | 'speed' | 'dir' | 'alt' | 'ts' | 'ignition'>;
const POSITION_FIELDS = { ts: 1, lat: 1, lng: 1, speed: 1, dir: 1, alt: 1, ignition: 1 } as const;

/** Per tracker, the newer of the stored record and the log's. */
function newestOf<T extends { ts: number }>(stored: Map<string, T>, recent: Map<string, T>): Map<string, T> {
  for (const [id, record] of recent) if ((stored.get(id)?.ts ?? -Infinity) < record.ts) stored.set(id, record);
  return stored;
}

/**
 * The latest-position records: written by the tracker's owner at each compaction; read with the
 * log's newer positions by the latest positions and the stream.
 */
@Injectable()
export class LatestPositionStore {
  constructor(
    @InjectModel(LatestPosition.name) private readonly model: Model<LatestPosition>,
    private readonly log: TelemetryLog,
  ) {}

  /**
   * Writes the records of the trackers whose position moved (their owner's, at each compaction),
   * in one bulk write by `_id`. The owner only moves a record forward; an instance that lost the
   * tracker writes nothing of it (`TrackerStates.persist`).
   */
  async persist(records: readonly LatestRecord[]): Promise<void> {
    if (records.length === 0) return;
    const ops = records.map(({ _id, ...record }) => ({ replaceOne: { filter: { _id }, replacement: record, upsert: true } }));
    await this.model.collection.bulkWrite(ops as never[], { ordered: false });
  }

  /** The records as stored, without the log's newer positions (what a tracker's owner reads when it first sees it). */
  async findStored(trackerIds: readonly string[]): Promise<Map<string, LatestRecord>> {
    if (trackerIds.length === 0) return new Map();
    return this.byId(await this.model.collection.find<LatestRecord>({ _id: { $in: [...trackerIds] } } as never).toArray());
  }

  /** The records of these trackers, with the newer positions of the log not yet compacted. */
  async findMany(trackerIds: readonly string[]): Promise<Map<string, LatestRecord>> {
    if (trackerIds.length === 0) return new Map();
    const [stored, recent] = await Promise.all([this.findStored(trackerIds), this.log.latest(trackerIds)]);
    return newestOf(stored, recent);
  }

  /** Only the fields of a latest position, for the map's answer (a third of the record's bytes). */
  async findPositions(trackerIds: readonly string[]): Promise<Map<string, KnownPosition>> {
    if (trackerIds.length === 0) return new Map();
    const [stored, recent] = await Promise.all([this.positionsWhere({ _id: { $in: [...trackerIds] } }), this.log.latest(trackerIds)]);
    return newestOf(stored, recent);
  }

  /** Every tracker's position: what the in-memory copy starts from (LatestPositionCache). */
  async findAllPositions(): Promise<Map<string, KnownPosition>> {
    const [stored, recent] = await Promise.all([this.positionsWhere({}), this.log.latest()]);
    return newestOf(stored, recent);
  }

  private async positionsWhere(filter: object): Promise<Map<string, KnownPosition>> {
    return this.byId(await this.model.collection.find<KnownPosition & { _id: string }>(filter as never, { projection: POSITION_FIELDS }).toArray());
  }

  private byId<T extends { _id: string }>(docs: T[]): Map<string, T> {
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /**
   * Positions stored after `ingestedAt` (ms), oldest first: the stream's polling. The log's
   * entries carry each batch's new positions; the records are written only at compaction, with
   * the time their position was stored, so they are read too only when the poll looks further
   * back than a compaction may have removed entries (a stalled poller) — the read scans every
   * record on the embedded server. `except`: the polling instance, whose own positions went out
   * when it stored them. A position may come from both, which the stream drops.
   */
  async changedSince(ingestedAt: number, compactedBefore = Infinity, except: string | null = null): Promise<LatestRecord[]> {
    const recent = await this.log.latestSince(ingestedAt, except);
    if (ingestedAt >= compactedBefore) return recent;
    const stored = await this.model.collection
      .find<LatestRecord>({ ingestedAt: { $gt: ingestedAt } })
      .sort({ ingestedAt: 1 })
      .limit(10_000)
      .toArray();
    return [...stored, ...recent].sort((a, b) => a.ingestedAt - b.ingestedAt);
  }

  /** Where trip detection stands, kept with the record (null on records written before it was). */
  static tripProgressOf(record: LatestRecord | null): TripProgress | null {
    if (!record || record.tripsSeenTo === undefined) return null;
    return { openBegin: record.openTripBegin, openLastMoving: record.openTripLastMoving ?? null, seenTo: record.tripsSeenTo };
  }

  /** A change stream of the positions stored (the log's entries), for the live feed; `latestRecordsOfChange` reads each change. */
  watchChanges() {
    return this.log.watch();
  }
}
