import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { TelemetryDevice, TelemetryRange, TelemetrySource, TripRecord } from '../telemetry/telemetry-source';
import { mergeSummaries, summarize, TelemetrySummary } from '../telemetry/telemetry-summary';
import { hourStartOf, mergePoints, PackedPoints, unpackPoints } from './hour-bucket';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { PositionColumns } from '../telemetry/position-columns';
import { toTripPositions } from '../telemetry/trip-builder';
import { StoredTrip, storedTripId } from './stored-trip.schema';
import { TelemetryLog } from './telemetry-log';
import { TelemetryPointsReader } from './telemetry-points.reader';
import { bucketId, DAY_SECONDS, dayOf, HOUR_SECONDS, periodOf, TelemetryDay, TelemetryHour, TelemetryPeriod } from './telemetry-bucket.schema';

/**
 * Telemetry from the platform's own store. A range is read as whole days (from the period
 * documents' day summaries), whole hours of the partial days at its ends (from the day
 * documents' hour summaries) and at most two partial hours at its edges (point by point): a
 * handful of documents per tracker whatever the range. Hours with points still in the log (not
 * yet compacted) are read point by point too. The range is `[from, to + 1)`: `to` names
 * its whole last second.
 */
@Injectable()
export class StoreTelemetrySource implements TelemetrySource {
  constructor(
    @InjectModel(TelemetryHour.name) private readonly hours: Model<TelemetryHour>,
    @InjectModel(TelemetryDay.name) private readonly days: Model<TelemetryDay>,
    @InjectModel(TelemetryPeriod.name) private readonly periods: Model<TelemetryPeriod>,
    @InjectModel(StoredTrip.name) private readonly trips: Model<StoredTrip>,
    private readonly reader: TelemetryPointsReader,
    private readonly log: TelemetryLog,
  ) {}

  points(device: TelemetryDevice, range: TelemetryRange): Promise<TelemetryPoint[]> {
    return this.reader.points(device.trackerId, range.from, range.to + 0.999999);
  }

  positions(device: TelemetryDevice, range: TelemetryRange): Promise<PositionColumns> {
    return this.reader.positions(device.trackerId, range.from, range.to + 0.999999);
  }

  async summaries(devices: readonly TelemetryDevice[], range: TelemetryRange): Promise<TelemetrySummary[]> {
    if (devices.length === 0) return [];
    const layout = layoutOf(range);
    // The log first (see TelemetryPointsReader): an hour with points not yet compacted is read
    // point by point, its day hour by hour, since their summaries do not hold those points yet.
    const recent = await this.log.points(
      devices.map((device) => device.trackerId),
      range.from,
      range.to + 0.999999,
    );
    const plans = devices.map((device): DevicePlan => {
      const points = recent.get(device.trackerId) ?? [];
      const hours = new Set(points.map((point) => hourStartOf(point.ts)));
      return { device, points, hours, days: new Set([...hours].map(dayOf)) };
    });
    const buckets = await this.readBuckets(plans, layout);
    return plans.map((plan) => summaryOf(plan, layout, buckets));
  }

  /** The period, day and hour documents the plans read from, each by `_id`. */
  private async readBuckets(plans: readonly DevicePlan[], { wholeDays, partialDays, edgeHours }: RangeLayout): Promise<Buckets> {
    const ids = (starts: (plan: DevicePlan) => Iterable<number>) =>
      plans.flatMap((plan) => [...new Set(starts(plan))].map((start) => bucketId(plan.device.trackerId, start)));
    const [periods, days, hours] = await Promise.all([
      this.find<Pick<TelemetryPeriod, '_id' | 'days'>>(
        this.periods,
        ids((plan) => wholeDays.filter((day) => !plan.days.has(day)).map(periodOf)),
      ),
      this.find<Pick<TelemetryDay, '_id' | 'hours'>>(
        this.days,
        ids((plan) => [...partialDays, ...plan.days]),
      ),
      this.find<PackedPoints & { _id: string }>(
        this.hours,
        ids((plan) => [...edgeHours, ...plan.hours]),
      ),
    ]);
    return { periods, days, hours };
  }

  /** Documents by `_id` through the native collection (a lookup), as a map. */
  private async find<T extends { _id: string }>(model: Pick<Model<unknown>, 'collection'>, ids: string[]): Promise<Map<string, T>> {
    if (ids.length === 0) return new Map();
    const docs = await model.collection.find<T>({ _id: { $in: ids } } as never, { projection: { trackerId: 0, start: 0 } }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  async trip(device: TelemetryDevice, tripId: number): Promise<TripRecord | null> {
    const stored = await this.trips.findById(storedTripId(device.trackerId, tripId)).lean<StoredTrip>().exec();
    if (!stored) return null;
    const { _id, trackerId, positionsInBuckets, ...trip } = stored;
    if (positionsInBuckets) trip.positions = toTripPositions(await this.reader.points(device.trackerId, trip.begin, trip.end));
    return trip;
  }
}

/** How a range `[from, end)` falls into whole days, the partial days at its ends, and at most two partial hours at its edges. */
interface RangeLayout {
  from: number;
  end: number;
  firstHour: number;
  lastHour: number;
  edgeHours: number[];
  partialDays: number[];
  wholeDays: number[];
  isWholeHour: (hour: number) => boolean;
  isWholeDay: (day: number) => boolean;
}

function layoutOf(range: TelemetryRange): RangeLayout {
  const end = range.to + 1;
  const firstHour = hourStartOf(range.from);
  const lastHour = hourStartOf(end - 1);
  const isWholeHour = (hour: number) => hour >= range.from && hour + HOUR_SECONDS <= end;
  const isWholeDay = (day: number) => day >= range.from && day + DAY_SECONDS <= end;
  const edgeHours = [...new Set([firstHour, lastHour])].filter((hour) => !isWholeHour(hour));
  const partialDays: number[] = [];
  const wholeDays: number[] = [];
  for (let day = dayOf(firstHour); day <= lastHour; day += DAY_SECONDS) (isWholeDay(day) ? wholeDays : partialDays).push(day);
  return { from: range.from, end, firstHour, lastHour, edgeHours, partialDays, wholeDays, isWholeHour, isWholeDay };
}

/** A device's share of a read: its points still in the log, and the hours and days they fall in. */
interface DevicePlan {
  device: TelemetryDevice;
  points: TelemetryPoint[];
  hours: Set<number>;
  days: Set<number>;
}

/** The bucket documents read, by `_id`. */
interface Buckets {
  periods: Map<string, Pick<TelemetryPeriod, '_id' | 'days'>>;
  days: Map<string, Pick<TelemetryDay, '_id' | 'hours'>>;
  hours: Map<string, PackedPoints & { _id: string }>;
}

/**
 * A device's summary over the range, walked hour by hour: a whole day from its period's day
 * summary, a whole hour from its day's hour summary, any other hour (an edge, or one with points
 * in the log) point by point.
 */
function summaryOf({ device, points, hours, days }: DevicePlan, layout: RangeLayout, buckets: Buckets): TelemetrySummary {
  const { from, end, firstHour, lastHour, isWholeHour, isWholeDay } = layout;
  const parts: TelemetrySummary[] = [];
  const push = (summary: TelemetrySummary | undefined) => summary && parts.push(summary);
  for (let hour = firstHour; hour <= lastHour;) {
    const day = dayOf(hour);
    if (hour === day && isWholeDay(day) && !days.has(day)) {
      const period = periodOf(day);
      push(buckets.periods.get(bucketId(device.trackerId, period))?.days?.[String((day - period) / DAY_SECONDS)]);
      hour += DAY_SECONDS;
      continue;
    }
    if (isWholeHour(hour) && !hours.has(hour)) {
      push(buckets.days.get(bucketId(device.trackerId, day))?.hours?.[String((hour - day) / HOUR_SECONDS)]);
    } else {
      const doc = buckets.hours.get(bucketId(device.trackerId, hour));
      const inHour = (p: TelemetryPoint) => p.ts >= Math.max(hour, from) && p.ts < Math.min(hour + HOUR_SECONDS, end);
      const stored = doc ? unpackPoints(doc).filter(inHour) : [];
      const merged = hours.has(hour) ? mergePoints(stored, points.filter(inHour)) : stored;
      if (doc || merged.length > 0) push(summarize(merged));
    }
    hour += HOUR_SECONDS;
  }
  return mergeSummaries(parts);
}
