import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LatestPosition } from '../store/latest-position.schema';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TripProgress } from '../telemetry/trip-detector';

export type LatestRecord = LatestPosition;
/** A position as both sources give it. */
export type KnownPosition = Pick<LatestRecord, 'lat' | 'lng' | 'speed' | 'dir' | 'alt' | 'ts' | 'ignition'>;
const POSITION_FIELDS = { ts: 1, lat: 1, lng: 1, speed: 1, dir: 1, alt: 1, ignition: 1 } as const;

/** The latest-position records: moved forward by ingestion, read by the latest positions and the stream. */
@Injectable()
export class LatestPositionStore {
  constructor(@InjectModel(LatestPosition.name) private readonly model: Model<LatestPosition>) {}

  /**
   * Sets the tracker's latest position to `point` if it is newer than the one held (a late or
   * repeated message never moves it back). The record, or null when it did not move.
   */
  async advance(trackerId: Types.ObjectId, vendorId: number, point: TelemetryPoint & { lat: number; lng: number }): Promise<LatestRecord | null> {
    const _id = trackerId.toHexString();
    const fields = {
      trackerId,
      vendorId,
      ts: point.ts,
      lat: point.lat,
      lng: point.lng,
      speed: point.speed,
      dir: point.dir,
      alt: point.alt,
      ignition: point.ignition ?? null,
      ingestedAt: Date.now(),
    };
    // By `_id` (a lookup) with the time condition; no upsert, which would collide with an older-looking record.
    const updated = await this.model.collection.updateOne({ _id, ts: { $lt: point.ts } } as never, { $set: fields });
    if (updated.matchedCount === 1) return { _id, ...fields, openTripBegin: null } as LatestRecord;
    try {
      await this.model.collection.insertOne({ _id, ...fields, openTripBegin: null } as never);
      return { _id, ...fields, openTripBegin: null } as LatestRecord;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return null; // a newer position is held
      throw error;
    }
  }

  get(trackerId: string): Promise<LatestRecord | null> {
    return this.model.collection.findOne<LatestRecord>({ _id: trackerId } as never);
  }

  async findMany(trackerIds: readonly string[]): Promise<Map<string, LatestRecord>> {
    if (trackerIds.length === 0) return new Map();
    return this.byId(await this.model.collection.find<LatestRecord>({ _id: { $in: [...trackerIds] } } as never).toArray());
  }

  /** Only the fields of a latest position, for the map's answer (a third of the record's bytes). */
  async findPositions(trackerIds: readonly string[]): Promise<Map<string, KnownPosition>> {
    if (trackerIds.length === 0) return new Map();
    return this.byId(await this.model.collection.find<KnownPosition & { _id: string }>({ _id: { $in: [...trackerIds] } } as never, { projection: POSITION_FIELDS }).toArray());
  }

  /** Every tracker's position: what the in-memory copy starts from (LatestPositionCache). */
  async findAllPositions(): Promise<Map<string, KnownPosition>> {
    return this.byId(await this.model.collection.find<KnownPosition & { _id: string }>({}, { projection: POSITION_FIELDS }).toArray());
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

  async setTripProgress(trackerId: string, progress: TripProgress): Promise<void> {
    await this.model.collection.updateOne({ _id: trackerId } as never, {
      $set: { openTripBegin: progress.openBegin, openTripLastMoving: progress.openLastMoving, tripsSeenTo: progress.seenTo },
    });
  }

  /** The native collection, for the change stream. */
  get collection() {
    return this.model.collection;
  }
}
