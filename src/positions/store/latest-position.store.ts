import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LatestPosition } from './latest-position.schema';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TripProgress } from '../telemetry/trip-detector';

export type LatestRecord = LatestPosition;
/** A position as both sources give it. */
export type KnownPosition = Pick<LatestRecord, 'lat' | 'lng' | 'speed' | 'dir' | 'alt' | 'ts' | 'ignition'>;
const POSITION_FIELDS = { ts: 1, lat: 1, lng: 1, speed: 1, dir: 1, alt: 1, ignition: 1 } as const;

/** What a batch did to one tracker. */
export interface LatestMove {
  trackerId: Types.ObjectId;
  vendorId: number;
  /** The batch's newest message with coordinates, if any. */
  newest: (TelemetryPoint & { lat: number; lng: number }) | null;
  /** The tracker's record before the batch. */
  before: LatestRecord | null;
  /** Where trip detection stands after the batch. */
  progress: TripProgress;
}

const positionFields = (move: LatestMove, ingestedAt: number) => {
  const point = move.newest!;
  const { trackerId, vendorId } = move;
  return { trackerId, vendorId, ts: point.ts, lat: point.lat, lng: point.lng, speed: point.speed, dir: point.dir, alt: point.alt, ignition: point.ignition ?? null, ingestedAt };
};

const progressFields = (progress: TripProgress) => ({ openTripBegin: progress.openBegin, openTripLastMoving: progress.openLastMoving, tripsSeenTo: progress.seenTo });

/** The latest-position records: moved forward by ingestion, read by the latest positions and the stream. */
@Injectable()
export class LatestPositionStore {
  constructor(@InjectModel(LatestPosition.name) private readonly model: Model<LatestPosition>) {}

  /**
   * After a batch: each tracker's record moves to the batch's newest positioned message if it is
   * newer than the one held (a late or repeated message never moves it back), and keeps where trip
   * detection stands. One bulk write for all the batch's trackers; answers the records that moved.
   */
  async record(moves: readonly LatestMove[]): Promise<LatestRecord[]> {
    const now = Date.now();
    const ops: object[] = [];
    const moved: LatestRecord[] = [];
    const inserted: LatestRecord[] = [];
    for (const move of moves) {
      const _id = move.trackerId.toHexString();
      const progress = progressFields(move.progress);
      if (move.newest && (!move.before || move.newest.ts > move.before.ts)) {
        const position = positionFields(move, now);
        const record = { _id, ...position, ...progress } as LatestRecord;
        if (move.before) {
          // By `_id` (a lookup) with the time condition; no upsert, which would collide with an older-looking record.
          ops.push({ updateOne: { filter: { _id, ts: { $lt: record.ts } }, update: { $set: position } } });
          moved.push(record);
        } else {
          ops.push({ insertOne: { document: record } });
          inserted.push(record);
          continue; // the insert carries the progress
        }
      }
      if (move.before) ops.push({ updateOne: { filter: { _id }, update: { $set: progress } } });
    }
    if (ops.length === 0) return [];
    const refused = await this.bulkWrite(ops);
    // Another instance may have stored a newer position meanwhile: only what was written moved.
    const expected = ops.filter((op) => 'updateOne' in op).length;
    const written = refused.matched === expected ? moved : await this.stillHeld(moved);
    const firsts = inserted.filter((record) => !refused.duplicateIds.has(record._id));
    // A record another instance created first: moved like any other, if this one is newer.
    const late = inserted.filter((record) => refused.duplicateIds.has(record._id));
    for (const record of late) {
      const { _id, openTripBegin, openTripLastMoving, tripsSeenTo, ...position } = record;
      const updated = await this.model.collection.updateOne({ _id, ts: { $lt: record.ts } } as never, { $set: position });
      await this.model.collection.updateOne({ _id } as never, { $set: { openTripBegin, openTripLastMoving, tripsSeenTo } });
      if (updated.matchedCount === 1) firsts.push(record);
    }
    return [...written, ...firsts];
  }

  /** Runs the operations unordered; a refused insert of an existing `_id` is an answer, not an error. */
  private async bulkWrite(ops: object[]): Promise<{ matched: number; duplicateIds: Set<string> }> {
    try {
      const result = await this.model.collection.bulkWrite(ops as never[], { ordered: false });
      return { matched: result.matchedCount, duplicateIds: new Set() };
    } catch (error) {
      const bulk = error as { code?: number; writeErrors?: { code: number; index: number }[] | { code: number; index: number }; result?: { matchedCount: number } };
      const errors = bulk.writeErrors === undefined ? [] : Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
      if (errors.length === 0 || errors.some((e) => e.code !== 11000) || !bulk.result) throw error;
      const ids = errors.map((e) => ((ops[e.index] as { insertOne?: { document: { _id: string } } }).insertOne?.document._id ?? ''));
      return { matched: bulk.result.matchedCount, duplicateIds: new Set(ids) };
    }
  }

  /** The records whose stored position is still the one written here. */
  private async stillHeld(records: readonly LatestRecord[]): Promise<LatestRecord[]> {
    const stored = await this.findMany(records.map((record) => record._id));
    return records.filter((record) => stored.get(record._id)?.ts === record.ts);
  }

  async findMany(trackerIds: readonly string[]): Promise<Map<string, LatestRecord>> {
    if (trackerIds.length === 0) return new Map();
    return this.byId(await this.model.collection.find<LatestRecord>({ _id: { $in: [...trackerIds] } } as never).toArray());
  }

  /** Only the fields of a latest position, for the map's answer (a third of the record's bytes). */
  async findPositions(trackerIds: readonly string[]): Promise<Map<string, KnownPosition>> {
    if (trackerIds.length === 0) return new Map();
    return this.positionsWhere({ _id: { $in: [...trackerIds] } });
  }

  /** Every tracker's position: what the in-memory copy starts from (LatestPositionCache). */
  findAllPositions(): Promise<Map<string, KnownPosition>> {
    return this.positionsWhere({});
  }

  private async positionsWhere(filter: object): Promise<Map<string, KnownPosition>> {
    return this.byId(await this.model.collection.find<KnownPosition & { _id: string }>(filter as never, { projection: POSITION_FIELDS }).toArray());
  }

  private byId<T extends { _id: string }>(docs: T[]): Map<string, T> {
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** Records stored after `ingestedAt` (ms), oldest first: the stream's polling. */
  changedSince(ingestedAt: number): Promise<LatestRecord[]> {
    return this.model.collection.find<LatestRecord>({ ingestedAt: { $gt: ingestedAt } }).sort({ ingestedAt: 1 }).limit(10_000).toArray();
  }

  /** Where trip detection stands, kept with the record (null on records written before it was). */
  static tripProgressOf(record: LatestRecord | null): TripProgress | null {
    if (!record || record.tripsSeenTo === undefined) return null;
    return { openBegin: record.openTripBegin, openLastMoving: record.openTripLastMoving ?? null, seenTo: record.tripsSeenTo };
  }

  /** The native collection, for the change stream. */
  get collection() {
    return this.model.collection;
  }
}
