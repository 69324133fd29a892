import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TelemetrySummary } from '../telemetry/telemetry-summary';
import { groupByHour, PackedPoints, rebuildHour } from './hour-bucket';
import { bucketId, DAY_SECONDS, HOUR_SECONDS, TelemetryDay, TelemetryHour } from './telemetry-bucket.schema';

export interface StoreWriteResult {
  points: number;
  hours: number;
}

/**
 * Writes points into a tracker's hour buckets and the day summaries, in bulk: one read of the
 * touched hours and days, one bulk write of each. Each touched hour is rebuilt from all its
 * points, so the write is idempotent by timestamp. New buckets are inserted, which
 * mongo-java-server does several times faster than upserts. One writer per tracker at a time
 * (the import command, the demo seed): a concurrent writer of the same hour would fail on the
 * duplicate `_id` or could lose points.
 */
@Injectable()
export class TelemetryStoreWriter {
  constructor(
    @InjectModel(TelemetryHour.name) private readonly hours: Model<TelemetryHour>,
    @InjectModel(TelemetryDay.name) private readonly days: Model<TelemetryDay>,
  ) {}

  async write(trackerId: Types.ObjectId, points: readonly TelemetryPoint[]): Promise<StoreWriteResult> {
    if (points.length === 0) return { points: 0, hours: 0 };
    const tracker = trackerId.toHexString();
    const grouped = groupByHour(points);
    const dayOf = (start: number) => Math.floor(start / DAY_SECONDS) * DAY_SECONDS;
    const hourIds = [...grouped.keys()].map((start) => bucketId(tracker, start));
    const dayIds = [...new Set([...grouped.keys()].map((start) => bucketId(tracker, dayOf(start))))];
    // The native collections: these documents are built here, mongoose casting adds only time.
    const [storedHours, storedDays] = await Promise.all([
      this.hours.collection.find<PackedPoints & { _id: string }>({ _id: { $in: hourIds } } as never).toArray(),
      this.days.collection.find<{ _id: string }>({ _id: { $in: dayIds } } as never, { projection: { _id: 1 } }).toArray(),
    ]);
    const hoursById = new Map(storedHours.map((doc) => [doc._id, doc]));
    const knownDays = new Set(storedDays.map((doc) => doc._id));

    // String `_id`s: the driver's operation types assume ObjectIds, so the lists are plain objects.
    const hourWrites: object[] = [];
    const daySummaries = new Map<number, Record<string, TelemetrySummary>>();
    for (const [start, arriving] of grouped) {
      const _id = bucketId(tracker, start);
      const stored = hoursById.get(_id);
      const hour = { _id, trackerId, start, ...rebuildHour(stored ?? null, arriving) };
      hourWrites.push(stored ? { replaceOne: { filter: { _id }, replacement: hour } } : { insertOne: { document: hour } });
      const dayStart = dayOf(start);
      const summaries = daySummaries.get(dayStart) ?? {};
      summaries[String((start - dayStart) / HOUR_SECONDS)] = hour.summary;
      daySummaries.set(dayStart, summaries);
    }
    const dayWrites: object[] = [...daySummaries].map(([dayStart, summaries]) => {
      const _id = bucketId(tracker, dayStart);
      if (!knownDays.has(_id)) return { insertOne: { document: { _id, trackerId, start: dayStart, hours: summaries } } };
      const set = Object.fromEntries(Object.entries(summaries).map(([hour, summary]) => [`hours.${hour}`, summary]));
      return { updateOne: { filter: { _id }, update: { $set: set } } };
    });
    await this.hours.collection.bulkWrite(hourWrites as never[], { ordered: false });
    await this.days.collection.bulkWrite(dayWrites as never[], { ordered: false });
    return { points: points.length, hours: grouped.size };
  }
}
