import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { mergeSummaries, TelemetrySummary } from '../telemetry/telemetry-summary';
import { appendToHour } from './hour-append';
import { groupByHour, PackedPoints, rebuildHour } from './hour-bucket';
import { KeyedQueue } from './keyed-queue';
import { bucketId, DAY_SECONDS, dayOf, HOUR_SECONDS, periodOf, TelemetryDay, TelemetryHour, TelemetryPeriod } from './telemetry-bucket.schema';

export interface StoreWriteResult {
  points: number;
  hours: number;
  /** Timestamps the store did not hold before: the others were duplicates (re-sent, or repeated in the batch). */
  added: number;
}

type Summaries = Record<string, TelemetrySummary>;

export interface TrackerPoints {
  trackerId: Types.ObjectId;
  points: readonly TelemetryPoint[];
}

/** What a write read of the buckets it touches. */
interface StoredBuckets {
  hours: Map<string, PackedPoints & { _id: string; summary?: TelemetrySummary }>;
  days: Map<string, { _id: string; hours: Summaries }>;
  periods: Set<string>;
}

/** The bulk operations of each level. */
interface BucketWrites {
  hours: object[];
  days: object[];
  periods: object[];
}

/** The summaries of a bucket's parts (keyed by index) in time order, as one. */
const mergeIndexed = (parts: Summaries) =>
  mergeSummaries(
    Object.keys(parts)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => parts[key]),
  );

/**
 * Writes points into a tracker's hour buckets, and rolls the summaries up into its day and
 * period documents, in bulk: one read of each level, one bulk write of each. Each touched hour
 * is rebuilt from all its points and each touched day from all its hours, so the write is
 * idempotent by timestamp. New buckets are inserted, which mongo-java-server does several times
 * faster than upserts. Several trackers are written together (`writeMany`). One writer per
 * tracker at a time: a concurrent writer of the same bucket would fail on the duplicate `_id` or
 * could lose points, so writes of a tracker are queued in
 * this process (HTTP ingestion answers several requests at once); across processes a flespi
 * stream posts its batches one after the other (docs/telemetry.md, "Ingestion").
 */
@Injectable()
export class TelemetryStoreWriter {
  constructor(
    @InjectModel(TelemetryHour.name) private readonly hours: Model<TelemetryHour>,
    @InjectModel(TelemetryDay.name) private readonly days: Model<TelemetryDay>,
    @InjectModel(TelemetryPeriod.name) private readonly periods: Model<TelemetryPeriod>,
  ) {}

  /** Writes of one tracker wait for each other in this process (see the class comment). */
  private readonly queues = new KeyedQueue();

  async write(trackerId: Types.ObjectId, points: readonly TelemetryPoint[]): Promise<StoreWriteResult> {
    return (await this.writeMany([{ trackerId, points }]))[0];
  }

  /**
   * The points of several trackers (a stream's batch mixes many devices) in one read and one
   * bulk write per level, whatever their number: a batch of 100 devices with a message each is
   * 6 round trips, not 600. Results in the order given.
   */
  writeMany(batches: readonly TrackerPoints[]): Promise<StoreWriteResult[]> {
    return this.queues.runAll(
      batches.map((batch) => batch.trackerId.toHexString()),
      () => this.writeNow(batches),
    );
  }

  private async writeNow(batches: readonly TrackerPoints[]): Promise<StoreWriteResult[]> {
    const plans = batches.map(({ trackerId, points }) => ({
      trackerId,
      tracker: trackerId.toHexString(),
      grouped: groupByHour(points),
      points: points.length,
    }));
    const hourIds = plans.flatMap((plan) => [...plan.grouped.keys()].map((start) => bucketId(plan.tracker, start)));
    if (hourIds.length === 0) return plans.map(() => ({ points: 0, hours: 0, added: 0 }));
    const dayIds = new Set(plans.flatMap((plan) => [...plan.grouped.keys()].map((start) => bucketId(plan.tracker, dayOf(start)))));
    const periodIds = new Set(plans.flatMap((plan) => [...plan.grouped.keys()].map((start) => bucketId(plan.tracker, periodOf(start)))));
    // The native collections: these documents are built here, mongoose casting adds only time.
    const [storedHours, storedDays, storedPeriods] = await Promise.all([
      this.hours.collection.find<PackedPoints & { _id: string; summary?: TelemetrySummary }>({ _id: { $in: hourIds } } as never).toArray(),
      this.days.collection.find<{ _id: string; hours: Summaries }>({ _id: { $in: [...dayIds] } } as never).toArray(),
      this.periods.collection.find<{ _id: string }>({ _id: { $in: [...periodIds] } } as never, { projection: { _id: 1 } }).toArray(),
    ]);
    const stored: StoredBuckets = {
      hours: new Map(storedHours.map((doc) => [doc._id, doc])),
      days: new Map(storedDays.map((doc) => [doc._id, doc])),
      periods: new Set(storedPeriods.map((doc) => doc._id)),
    };
    const writes: BucketWrites = { hours: [], days: [], periods: [] };
    const results = plans.map((plan) => ({
      points: plan.points,
      hours: plan.grouped.size,
      added: this.plan(plan.trackerId, plan.tracker, plan.grouped, stored, writes),
    }));
    if (writes.hours.length > 0) await this.hours.collection.bulkWrite(writes.hours as never[], { ordered: false });
    if (writes.days.length > 0) await this.days.collection.bulkWrite(writes.days as never[], { ordered: false });
    if (writes.periods.length > 0) await this.periods.collection.bulkWrite(writes.periods as never[], { ordered: false });
    return results;
  }

  /** One tracker's hour, day and period writes, added to `writes`; answers how many timestamps are new. */
  private plan(trackerId: Types.ObjectId, tracker: string, grouped: Map<number, TelemetryPoint[]>, stored: StoredBuckets, writes: BucketWrites): number {
    // String `_id`s: the driver's operation types assume ObjectIds, so the lists are plain objects.
    const touchedDays = new Map<number, Summaries>();
    let added = 0;
    for (const [start, arriving] of grouped) {
      const _id = bucketId(tracker, start);
      const storedHour = stored.hours.get(_id);
      const { added: new_, ...rebuilt } = (storedHour && appendToHour(storedHour, arriving)) ?? rebuildHour(storedHour ?? null, arriving);
      added += new_;
      const hour = { _id, trackerId, start, ...rebuilt };
      writes.hours.push(storedHour ? { replaceOne: { filter: { _id }, replacement: hour } } : { insertOne: { document: hour } });
      const day = dayOf(start);
      const changed = touchedDays.get(day) ?? {};
      changed[String((start - day) / HOUR_SECONDS)] = hour.summary;
      touchedDays.set(day, changed);
    }

    const touchedPeriods = new Map<number, Summaries>();
    for (const [day, changed] of touchedDays) {
      const _id = bucketId(tracker, day);
      const storedDay = stored.days.get(_id);
      const hours = { ...storedDay?.hours, ...changed };
      writes.days.push(
        storedDay
          ? { updateOne: { filter: { _id }, update: { $set: prefixed('hours', changed) } } }
          : { insertOne: { document: { _id, trackerId, start: day, hours } } },
      );
      const period = periodOf(day);
      const days = touchedPeriods.get(period) ?? {};
      days[String((day - period) / DAY_SECONDS)] = mergeIndexed(hours);
      touchedPeriods.set(period, days);
    }
    for (const [period, days] of touchedPeriods) {
      const _id = bucketId(tracker, period);
      writes.periods.push(
        stored.periods.has(_id)
          ? { updateOne: { filter: { _id }, update: { $set: prefixed('days', days) } } }
          : { insertOne: { document: { _id, trackerId, start: period, days } } },
      );
    }
    return added;
  }
}

function prefixed(field: string, values: Summaries): Record<string, TelemetrySummary> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${field}.${key}`, value]));
}
