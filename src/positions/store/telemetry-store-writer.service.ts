import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { AnyBulkWriteOperation, Model, Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { groupByHour, HourColumns, rebuildHour } from './hour-bucket';
import { bucketId, DAY_SECONDS, HOUR_SECONDS, TelemetryDay, TelemetryHour } from './telemetry-bucket.schema';

export interface StoreWriteResult {
  points: number;
  hours: number;
}

/**
 * Writes points into a tracker's hour buckets and the day summaries, in bulk: one read of the
 * touched hours, one bulk write of hours, one of days. Each touched hour is rebuilt from all
 * its points, so the write is idempotent by timestamp. One writer per tracker at a time (the
 * import command, the demo seed): two concurrent writers to the same hour could lose points.
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
    const ids = [...grouped.keys()].map((start) => bucketId(tracker, start));
    // The native collection: these documents are built here, mongoose casting adds nothing but time.
    const stored = await this.hours.collection.find<HourColumns & { _id: string }>({ _id: { $in: ids } } as never).toArray();
    const storedById = new Map(stored.map((doc) => [doc._id, doc]));

    const hourWrites: AnyBulkWriteOperation[] = [];
    const dayWrites: AnyBulkWriteOperation[] = [];
    for (const [start, arriving] of grouped) {
      const _id = bucketId(tracker, start);
      const hour = { _id, trackerId, start, ...rebuildHour(storedById.get(_id) ?? null, arriving) };
      hourWrites.push({ replaceOne: { filter: { _id }, replacement: hour, upsert: true } });
      const dayStart = Math.floor(start / DAY_SECONDS) * DAY_SECONDS;
      dayWrites.push({
        updateOne: {
          filter: { _id: bucketId(tracker, dayStart) },
          update: { $set: { trackerId, start: dayStart, [`hours.${(start - dayStart) / HOUR_SECONDS}`]: hour.summary } },
          upsert: true,
        },
      });
    }
    await this.hours.collection.bulkWrite(hourWrites as never[], { ordered: false });
    await this.days.collection.bulkWrite(dayWrites as never[], { ordered: false });
    return { points: points.length, hours: grouped.size };
  }
}
