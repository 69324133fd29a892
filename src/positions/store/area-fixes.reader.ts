import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { boxesMeet, FixBox } from '../telemetry/fix-box';
import { mergeColumns, PositionColumns, positionColumnsOf } from '../telemetry/position-columns';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TelemetrySummary } from '../telemetry/telemetry-summary';
import { hourPositions, hourStartOf, PackedPoints } from './hour-bucket';
import { bucketId, DAY_SECONDS, dayOf, HOUR_SECONDS, TelemetryDay, TelemetryHour } from './telemetry-bucket.schema';
import { TelemetryLog } from './telemetry-log';

/** Ids per `$in` query: the embedded server matches each document against the whole list (docs/performance.md). */
const IDS_PER_QUERY = 168;

/** What an area search reads of a tracker: the hours whose fixes may meet the area, and those known to miss it. */
export interface AreaReadPlan {
  trackerId: string;
  /** Hour starts to read point by point, in time order. */
  hours: number[];
  /** Hour starts of hours with fixes that all miss the area's box, in time order: the vehicle was outside then. */
  misses: number[];
  /** The tracker's points in the range still in the log (not yet compacted). */
  recent: TelemetryPoint[];
}

type HourFigures = Pick<TelemetrySummary, 'positions' | 'box'>;

/**
 * The stored fixes of trackers that may lie in an area, without an index of positions: the day
 * documents' hour summaries (a few dozen lookups per tracker) say, by the box of each hour's
 * fixes, which hours can meet the area; only those hours' points are read, with the log's points
 * of the range (read first, as every reader does, so an entry compacted in between is found in
 * the buckets). An hour with points in the log is read whatever its box: its summary does not
 * hold them yet. An hour summarized before boxes were kept is read too.
 */
@Injectable()
export class AreaFixesReader {
  constructor(
    @InjectModel(TelemetryHour.name) private readonly hours: Model<TelemetryHour>,
    @InjectModel(TelemetryDay.name) private readonly days: Model<TelemetryDay>,
    private readonly log: TelemetryLog,
  ) {}

  /** One plan per tracker, in the order given, for `from ≤ ts ≤ to`. */
  async plans(trackerIds: readonly string[], from: number, to: number, area: FixBox): Promise<AreaReadPlan[]> {
    const recent = await this.log.points(trackerIds, from, to);
    const dayIds = trackerIds.flatMap((trackerId) => {
      const ids: string[] = [];
      for (let day = dayOf(from); day <= to; day += DAY_SECONDS) ids.push(bucketId(trackerId, day));
      return ids;
    });
    // Only each hour's count and box: a day document also holds heads, sensors and marks.
    const projection = Object.fromEntries(Array.from({ length: 24 }, (_, h) => [[`hours.${h}.positions`, 1] as const, [`hours.${h}.box`, 1] as const]).flat());
    const days = new Map<string, Record<string, HourFigures>>();
    for (const doc of await this.byIds<{ _id: string; hours?: Record<string, HourFigures> }>(this.days, dayIds, projection)) days.set(doc._id, doc.hours ?? {});
    return trackerIds.map((trackerId) => {
      const points = recent.get(trackerId) ?? [];
      const logged = new Set(points.map((point) => hourStartOf(point.ts)));
      const plan: AreaReadPlan = { trackerId, hours: [], misses: [], recent: points };
      for (let hour = hourStartOf(from); hour <= to; hour += HOUR_SECONDS) {
        const day = dayOf(hour);
        const figures = days.get(bucketId(trackerId, day))?.[String((hour - day) / HOUR_SECONDS)];
        if (logged.has(hour)) plan.hours.push(hour);
        else if (!figures || !(figures.positions > 0)) continue;
        else if (!figures.box || boxesMeet(figures.box, area)) plan.hours.push(hour);
        else plan.misses.push(hour);
      }
      return plan;
    });
  }

  /** The plan's located fixes with `from ≤ ts ≤ to`, in time order, one per timestamp: its hours' and its recent points. */
  async fixes(plan: AreaReadPlan, from: number, to: number): Promise<PositionColumns> {
    const ids = plan.hours.map((hour) => bucketId(plan.trackerId, hour));
    const docs = await this.byIds<PackedPoints & { start: number }>(this.hours, ids, { n: 1, sensors: 1, packed: 1, start: 1 });
    docs.sort((a, b) => a.start - b.start);
    return mergeColumns(hourPositions(docs, from, to), positionColumnsOf(plan.recent));
  }

  private async byIds<T extends object>(model: Pick<Model<unknown>, 'collection'>, ids: readonly string[], projection: object): Promise<T[]> {
    const found: T[] = [];
    for (let first = 0; first < ids.length; first += IDS_PER_QUERY) {
      const some = ids.slice(first, first + IDS_PER_QUERY);
      found.push(...(await model.collection.find<T>({ _id: { $in: some } } as never, { projection }).toArray()));
    }
    return found;
  }
}
