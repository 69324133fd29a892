import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { TelemetryDevice, TelemetryRange, TelemetrySource, TripRecord } from '../telemetry/telemetry-source';
import { mergeSummaries, summarize, TelemetrySummary } from '../telemetry/telemetry-summary';
import { hourStartOf, PackedPoints, unpackPoints } from './hour-bucket';
import { StoredTrip, storedTripId } from './stored-trip.schema';
import { bucketId, DAY_SECONDS, HOUR_SECONDS, TelemetryDay, TelemetryHour } from './telemetry-bucket.schema';

type DayDoc = Pick<TelemetryDay, '_id' | 'start' | 'hours'>;

/**
 * Telemetry from the platform's own store. A range is read as whole hours, taken from the day
 * summaries, plus at most two partial hours at its edges, read point by point. The range is
 * `[from, to + 1)`: `to` names its whole last second.
 */
@Injectable()
export class StoreTelemetrySource implements TelemetrySource {
  constructor(
    @InjectModel(TelemetryHour.name) private readonly hours: Model<TelemetryHour>,
    @InjectModel(TelemetryDay.name) private readonly days: Model<TelemetryDay>,
    @InjectModel(StoredTrip.name) private readonly trips: Model<StoredTrip>,
  ) {}

  async summaries(devices: readonly TelemetryDevice[], range: TelemetryRange): Promise<TelemetrySummary[]> {
    if (devices.length === 0) return [];
    const end = range.to + 1;
    const firstHour = hourStartOf(range.from);
    const lastHour = hourStartOf(end - 1);
    const isWhole = (hour: number) => hour >= range.from && hour + HOUR_SECONDS <= end;
    const edgeHours = [...new Set([firstHour, lastHour])].filter((hour) => !isWhole(hour));
    const dayStarts: number[] = [];
    for (let day = Math.floor(firstHour / DAY_SECONDS) * DAY_SECONDS; day <= lastHour; day += DAY_SECONDS) dayStarts.push(day);

    const [days, edges] = await Promise.all([
      this.days.collection
        .find<DayDoc>({ _id: { $in: devices.flatMap((d) => dayStarts.map((day) => bucketId(d.trackerId, day))) } } as never, { projection: { trackerId: 0 } })
        .toArray(),
      edgeHours.length === 0
        ? []
        : this.hours.collection.find<PackedPoints & { _id: string }>({ _id: { $in: devices.flatMap((d) => edgeHours.map((h) => bucketId(d.trackerId, h))) } } as never).toArray(),
    ]);
    const daysById = new Map(days.map((doc) => [doc._id, doc]));
    const edgesById = new Map(edges.map((doc) => [doc._id, doc]));

    return devices.map((device) => {
      const parts: TelemetrySummary[] = [];
      for (let hour = firstHour; hour <= lastHour; hour += HOUR_SECONDS) {
        if (isWhole(hour)) {
          const dayStart = Math.floor(hour / DAY_SECONDS) * DAY_SECONDS;
          const summary = daysById.get(bucketId(device.trackerId, dayStart))?.hours?.[String((hour - dayStart) / HOUR_SECONDS)];
          if (summary) parts.push(summary);
        } else {
          const doc = edgesById.get(bucketId(device.trackerId, hour));
          if (doc) parts.push(summarize(unpackPoints(doc).filter((p) => p.ts >= range.from && p.ts < end)));
        }
      }
      return mergeSummaries(parts);
    });
  }

  async trip(device: TelemetryDevice, tripId: number): Promise<TripRecord | null> {
    const stored = await this.trips.findById(storedTripId(device.trackerId, tripId)).lean<StoredTrip>().exec();
    if (!stored) return null;
    const { _id, trackerId, ...trip } = stored;
    return trip;
  }
}
