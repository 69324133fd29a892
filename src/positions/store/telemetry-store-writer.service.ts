import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { mergeSummaries, TelemetrySummary } from '../telemetry/telemetry-summary';
import { groupByHour, PackedPoints, rebuildHour } from './hour-bucket';
import { KeyedQueue } from './keyed-queue';
import { bucketId, DAY_SECONDS, HOUR_SECONDS, PERIOD_SECONDS, TelemetryDay, TelemetryHour, TelemetryPeriod } from './telemetry-bucket.schema';

export interface StoreWriteResult {
  points: number;
  hours: number;
  /** Timestamps the store did not hold before: the others were duplicates (re-sent, or repeated in the batch). */
  added: number;
}

type Summaries = Record<string, TelemetrySummary>;

const dayOf = (start: number) => Math.floor(start / DAY_SECONDS) * DAY_SECONDS;
const periodOf = (start: number) => Math.floor(start / PERIOD_SECONDS) * PERIOD_SECONDS;

/** The summaries of a bucket's parts (keyed by index) in time order, as one. */
const mergeIndexed = (parts: Summaries) => mergeSummaries(Object.keys(parts).sort((a, b) => Number(a) - Number(b)).map((key) => parts[key]));

/**
 * Writes points into a tracker's hour buckets, and rolls the summaries up into its day and
 * period documents, in bulk: one read of each level, one bulk write of each. Each touched hour
 * is rebuilt from all its points and each touched day from all its hours, so the write is
 * idempotent by timestamp. New buckets are inserted, which mongo-java-server does several times
 * faster than upserts. One writer per tracker at a time: a concurrent writer of the same bucket
 * would fail on the duplicate `_id` or could lose points, so writes of a tracker are queued in
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

  write(trackerId: Types.ObjectId, points: readonly TelemetryPoint[]): Promise<StoreWriteResult> {
    return this.queues.run(trackerId.toHexString(), () => this.writeNow(trackerId, points));
  }

  private async writeNow(trackerId: Types.ObjectId, points: readonly TelemetryPoint[]): Promise<StoreWriteResult> {
    if (points.length === 0) return { points: 0, hours: 0, added: 0 };
    const tracker = trackerId.toHexString();
    const grouped = groupByHour(points);
    const starts = [...grouped.keys()];
    // The native collections: these documents are built here, mongoose casting adds only time.
    const [storedHours, storedDays, storedPeriods] = await Promise.all([
      this.hours.collection.find<PackedPoints & { _id: string }>({ _id: { $in: starts.map((s) => bucketId(tracker, s)) } } as never).toArray(),
      this.days.collection.find<{ _id: string; hours: Summaries }>({ _id: { $in: [...new Set(starts.map((s) => bucketId(tracker, dayOf(s))))] } } as never).toArray(),
      this.periods.collection.find<{ _id: string }>({ _id: { $in: [...new Set(starts.map((s) => bucketId(tracker, periodOf(s))))] } } as never, { projection: { _id: 1 } }).toArray(),
    ]);
    const hoursById = new Map(storedHours.map((doc) => [doc._id, doc]));
    const daysById = new Map(storedDays.map((doc) => [doc._id, doc]));
    const knownPeriods = new Set(storedPeriods.map((doc) => doc._id));

    // String `_id`s: the driver's operation types assume ObjectIds, so the lists are plain objects.
    const hourWrites: object[] = [];
    const touchedDays = new Map<number, Summaries>();
    let added = 0;
    for (const [start, arriving] of grouped) {
      const _id = bucketId(tracker, start);
      const stored = hoursById.get(_id);
      const { added: new_, ...rebuilt } = rebuildHour(stored ?? null, arriving);
      added += new_;
      const hour = { _id, trackerId, start, ...rebuilt };
      hourWrites.push(stored ? { replaceOne: { filter: { _id }, replacement: hour } } : { insertOne: { document: hour } });
      const day = dayOf(start);
      const changed = touchedDays.get(day) ?? {};
      changed[String((start - day) / HOUR_SECONDS)] = hour.summary;
      touchedDays.set(day, changed);
    }

    const dayWrites: object[] = [];
    const touchedPeriods = new Map<number, Summaries>();
    for (const [day, changed] of touchedDays) {
      const _id = bucketId(tracker, day);
      const stored = daysById.get(_id);
      const hours = { ...stored?.hours, ...changed };
      dayWrites.push(stored ? { updateOne: { filter: { _id }, update: { $set: prefixed('hours', changed) } } } : { insertOne: { document: { _id, trackerId, start: day, hours } } });
      const period = periodOf(day);
      const days = touchedPeriods.get(period) ?? {};
      days[String((day - period) / DAY_SECONDS)] = mergeIndexed(hours);
      touchedPeriods.set(period, days);
    }
    const periodWrites: object[] = [...touchedPeriods].map(([period, days]) => {
      const _id = bucketId(tracker, period);
      if (!knownPeriods.has(_id)) return { insertOne: { document: { _id, trackerId, start: period, days } } };
      return { updateOne: { filter: { _id }, update: { $set: prefixed('days', days) } } };
    });

    await this.hours.collection.bulkWrite(hourWrites as never[], { ordered: false });
    await this.days.collection.bulkWrite(dayWrites as never[], { ordered: false });
    await this.periods.collection.bulkWrite(periodWrites as never[], { ordered: false });
    return { points: points.length, hours: grouped.size, added };
  }
}

function prefixed(field: string, values: Summaries): Record<string, TelemetrySummary> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${field}.${key}`, value]));
}
