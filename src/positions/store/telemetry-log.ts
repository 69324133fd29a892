import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ChangeStream } from 'mongodb';
import { Model, Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { unpackPoints } from './hour-bucket';
import type { LatestRecord } from './latest-position.schema';
import { LogLatest, LogPart, TelemetryLogEntry } from './telemetry-log.schema';

export type LogEntry = TelemetryLogEntry;

/** A log entry's latest position as the latest-position record it stands for. */
export const latestRecordOf = (trackerId: string, latest: LogLatest, at: number): LatestRecord => ({
  _id: trackerId,
  trackerId: new Types.ObjectId(trackerId),
  vendorId: latest.vendorId,
  ts: latest.ts,
  lat: latest.lat,
  lng: latest.lng,
  speed: latest.speed,
  dir: latest.dir,
  alt: latest.alt,
  ignition: latest.ignition,
  ingestedAt: at,
  openTripBegin: null,
});

/** The latest positions a change of the log carries (an entry written `done`, or completed by its owner). */
export function latestRecordsOfChange(change: unknown): LatestRecord[] {
  const entry = (change as { fullDocument?: Pick<LogEntry, 'state' | 'at' | 'latest'> | null } | null)?.fullDocument;
  if (!entry || entry.state !== 'done') return [];
  return Object.entries(entry.latest ?? {}).map(([trackerId, latest]) => latestRecordOf(trackerId, latest, entry.at));
}

/** The newest of two records of a tracker (by fix time). */
const newer = (a: LatestRecord | undefined, b: LatestRecord) => (a && a.ts >= b.ts ? a : b);

/**
 * The log of batches not yet compacted into the buckets (`telemetry_log`, see its schema). Reads
 * go through here for the entries that are `done`: a reader of a tracker reads the log first and
 * the buckets after, so an entry compacted and removed in between is found in the buckets.
 */
@Injectable()
export class TelemetryLog {
  constructor(@InjectModel(TelemetryLogEntry.name) private readonly model: Model<TelemetryLogEntry>) {}

  /** Stores entries in one write (their `_id`s made by the caller). */
  async append(entries: readonly LogEntry[]): Promise<void> {
    if (entries.length > 0) await this.model.collection.insertMany(entries, { ordered: false });
  }

  /** The processed points of these trackers with `from ≤ ts ≤ to`, by tracker id, in time order (one per timestamp). */
  async points(trackerIds: readonly string[], from: number, to: number): Promise<Map<string, TelemetryPoint[]>> {
    const found = new Map<string, TelemetryPoint[]>();
    if (trackerIds.length === 0) return found;
    const entries = await this.model.collection
      .find<Pick<LogEntry, 'parts'>>(this.doneWith('parts', trackerIds), { projection: Object.fromEntries(trackerIds.map((id) => [`parts.${id}`, 1])) })
      .toArray();
    for (const entry of entries) {
      for (const [trackerId, part] of Object.entries(entry.parts ?? {})) {
        const points = unpackPoints(part).filter((point) => point.ts >= from && point.ts <= to);
        if (points.length === 0) continue;
        const list = found.get(trackerId);
        if (list) list.push(...points);
        else found.set(trackerId, points);
      }
    }
    for (const [trackerId, points] of found) found.set(trackerId, oneByTimestamp(points));
    return found;
  }

  /** The newest position each tracker's entries hold (all trackers when none are named), as latest-position records. */
  async latest(trackerIds?: readonly string[]): Promise<Map<string, LatestRecord>> {
    const filter = trackerIds ? this.doneWith('latest', trackerIds) : { state: 'done' };
    const projection = trackerIds ? { at: 1, ...Object.fromEntries(trackerIds.map((id) => [`latest.${id}`, 1])) } : { at: 1, latest: 1 };
    if (trackerIds?.length === 0) return new Map();
    const found = new Map<string, LatestRecord>();
    for (const entry of await this.model.collection.find<Pick<LogEntry, 'at' | 'latest'>>(filter as never, { projection }).toArray()) {
      for (const [trackerId, latest] of Object.entries(entry.latest ?? {}))
        found.set(trackerId, newer(found.get(trackerId), latestRecordOf(trackerId, latest, entry.at)));
    }
    return found;
  }

  /** The latest positions of the entries stored after `at` (ms) by other instances than `except`, oldest entry first: the live feed's polling. */
  async latestSince(at: number, except: string | null = null): Promise<LatestRecord[]> {
    const entries = await this.model.collection
      .find<Pick<LogEntry, 'at' | 'latest'>>(
        { state: 'done', at: { $gt: at }, ...(except ? { by: { $ne: except } } : {}) },
        { projection: { at: 1, latest: 1 } },
      )
      .sort({ at: 1 })
      .toArray();
    return entries.flatMap((entry) => Object.entries(entry.latest ?? {}).map(([trackerId, latest]) => latestRecordOf(trackerId, latest, entry.at)));
  }

  /**
   * A change stream of the entries as they are written or completed (the live feed on a replica
   * set: `latestRecordsOfChange` reads each); refused by a server without change streams.
   */
  watch(): ChangeStream {
    return this.model.collection.watch([{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }], { fullDocument: 'updateLookup' });
  }

  /** The entries of these partitions, oldest first (`pending` only, or all: what a new owner takes over). */
  async ofPartitions(partitions: readonly number[], state?: LogEntry['state']): Promise<LogEntry[]> {
    if (partitions.length === 0) return [];
    return this.model.collection
      .find<LogEntry>({ p: { $in: [...partitions] }, ...(state ? { state } : {}) })
      .sort({ at: 1, _id: 1 })
      .toArray();
  }

  /** An entry taken by the owner of its partition: only its new points kept, with its counts. */
  async complete(
    id: Types.ObjectId,
    parts: Record<string, LogPart>,
    latest: Record<string, LogLatest>,
    counts: NonNullable<LogEntry['counts']>,
    by: string,
  ): Promise<void> {
    // By `_id` alone (a lookup): its owner is the one writer of a pending entry.
    await this.model.collection.updateOne({ _id: id }, { $set: { state: 'done', parts, latest, counts, by, at: Date.now() } });
  }

  /** The entries' state, counts and latest positions (a receiving instance waits for the owner to take its pending entries). */
  async states(ids: readonly Types.ObjectId[]): Promise<Array<Pick<LogEntry, '_id' | 'state' | 'counts' | 'latest' | 'at'>>> {
    if (ids.length === 0) return [];
    return this.model.collection
      .find<Pick<LogEntry, '_id' | 'state' | 'counts' | 'latest' | 'at'>>({ _id: { $in: [...ids] } }, { projection: { state: 1, counts: 1, latest: 1, at: 1 } })
      .toArray();
  }

  /** Removes compacted entries (by `_id`: lookups). */
  async remove(ids: readonly Types.ObjectId[]): Promise<void> {
    if (ids.length > 0) await this.model.collection.deleteMany({ _id: { $in: [...ids] } });
  }

  /** `done` entries holding one of these trackers under `field`. */
  private doneWith(field: 'parts' | 'latest', trackerIds: readonly string[]): object {
    const has = trackerIds.map((id) => ({ [`${field}.${id}`]: { $exists: true } }));
    return { state: 'done', ...(has.length === 1 ? has[0] : { $or: has }) };
  }
}

/** Points of several entries as one run: time order, the first stored copy of each timestamp. */
function oneByTimestamp(points: TelemetryPoint[]): TelemetryPoint[] {
  points.sort((a, b) => a.ts - b.ts);
  return points.filter((point, i) => i === 0 || point.ts !== points[i - 1].ts);
}
