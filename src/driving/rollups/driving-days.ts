import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { findByIdChunks } from '@app/database';
import { Model, Types } from 'mongoose';
import { type DrivingTally } from '../driving-tally';
import { type FixWalkState } from '../fix-walk';
import type { HoursNeeded } from './period-plan';
import { DrivingDay, DrivingWalk, hourKey, type StoredHour } from './driving-day.schema';
import { type HourFigures } from './hour-tallies';

const dayId = (assetId: string, day: number) => `${assetId}:${day}`;

const stored = (t: HourFigures): StoredHour => ({
  km: t.distanceKm,
  drive: t.drivingSeconds,
  idle: t.idlingSeconds,
  s10: t.speedingSeconds[0],
  s20: t.speedingSeconds[1],
  s30: t.speedingSeconds[2],
});

/** Adds a stored hour into a tally (a figure never counted is absent: `$inc` writes only what moved). */
export function addHour(into: DrivingTally, hour: Partial<StoredHour>): void {
  into.distanceKm += hour.km ?? 0;
  into.drivingSeconds += hour.drive ?? 0;
  into.idlingSeconds += hour.idle ?? 0;
  into.speedingSeconds[0] += hour.s10 ?? 0;
  into.speedingSeconds[1] += hour.s20 ?? 0;
  into.speedingSeconds[2] += hour.s30 ?? 0;
}

/** The sum of a day's hours. */
function totalOf(hours: Record<string, Partial<StoredHour>> | undefined): StoredHour {
  const total = { km: 0, drive: 0, idle: 0, s10: 0, s20: 0, s30: 0 };
  for (const hour of Object.values(hours ?? {})) for (const field of Object.keys(total) as Array<keyof StoredHour>) total[field] += hour[field] ?? 0;
  return total;
}

/** What a batch adds to one asset-day: hour index (0–23) → figures. */
export interface DayIncrement {
  assetId: string;
  day: number;
  hours: ReadonlyMap<number, HourFigures>;
  /** The first instant counted, when the walk of the asset began in this batch (nothing known before). */
  coveredFrom?: number;
}

/**
 * The per-asset per-day rollups (`driving_days`) and where each asset's walk stands
 * (`driving_walks`). Each write of a day counts in its `n`: the months' closer copies a day whose
 * `n` it has not copied yet (`inMonth`).
 */
@Injectable()
export class DrivingDays {
  constructor(
    @InjectModel(DrivingDay.name) private readonly days: Model<DrivingDay>,
    @InjectModel(DrivingWalk.name) private readonly walks: Model<DrivingWalk>,
  ) {}

  /**
   * One upsert per asset-day: each hour's figures added, and to the day's total (`set`: written
   * over, what a re-derivation found, hours in `cleared` found empty, the total summed again from
   * the hours); its `n` counts the write.
   */
  async write(increments: readonly DayIncrement[], mode: 'add' | 'set' = 'add', cleared: readonly number[] = []): Promise<void> {
    const ops = increments.map(({ assetId, day, hours, coveredFrom }) => {
      const figures: Record<string, number> = {};
      const set: Record<string, StoredHour> = {};
      for (const [index, tally] of hours) {
        if (mode === 'set') set[`hours.${hourKey(index)}`] = stored(tally);
        else
          for (const [field, value] of Object.entries(stored(tally)) as Array<[string, number]>)
            if (value !== 0) {
              figures[`hours.${hourKey(index)}.${field}`] = value;
              figures[`total.${field}`] = (figures[`total.${field}`] ?? 0) + value;
            }
      }
      const unset = Object.fromEntries(cleared.filter((index) => !hours.has(index)).map((index) => [`hours.${hourKey(index)}`, '']));
      const totalMoves = Object.keys(figures).length > 0;
      figures.n = 1;
      const update = {
        $setOnInsert: {
          assetId: new Types.ObjectId(assetId),
          day,
          ...(coveredFrom === undefined && { coveredFrom: null }),
          ...(!totalMoves && { total: {} }),
        },
        ...(coveredFrom !== undefined && { $min: { coveredFrom } }),
        $inc: figures,
        ...(Object.keys(set).length > 0 && { $set: set }),
        ...(Object.keys(unset).length > 0 && { $unset: unset }),
      };
      return { updateOne: { filter: { _id: dayId(assetId, day) }, update, upsert: true } };
    });
    if (ops.length === 0) return;
    await this.days.collection.bulkWrite(ops as never[], { ordered: false });
    if (mode === 'set') await this.sumTotals(increments.map(({ assetId, day }) => dayId(assetId, day)));
  }

  /** Each of these days' total summed again from its hours (after hours written over). */
  private async sumTotals(ids: readonly string[]): Promise<void> {
    const docs = await findByIdChunks<DrivingDay>(this.days.collection, ids, { hours: 1 });
    const ops = docs.map((doc) => ({ updateOne: { filter: { _id: doc._id }, update: { $set: { total: totalOf(doc.hours) }, $inc: { n: 1 } } } }));
    if (ops.length > 0) await this.days.collection.bulkWrite(ops as never[], { ordered: false });
  }

  /** These rollups, their hours left out (days of a period its months do not hold yet). */
  byIds(ids: readonly string[]): Promise<DrivingDay[]> {
    return findByIdChunks<DrivingDay>(this.days.collection, ids, { hours: 0 });
  }

  /**
   * Hands `each` the days that began before `beforeDay` whose last write their month does not hold,
   * `batch` at a time, from one read (on the embedded server one scan, however many there are).
   */
  async eachUnclosed(beforeDay: number, batch: number, each: (days: DrivingDay[]) => Promise<void>): Promise<void> {
    const filter = { day: { $lt: beforeDay }, $expr: { $ne: ['$inMonth', { $ifNull: ['$n', 0] }] } };
    await this.days.find(filter, { hours: 0 }).lean<DrivingDay>().cursor({ batchSize: batch }).eachAsync(each, { batchSize: batch });
  }

  /** Marks days as their months now hold them (the write count each was copied at); answers how many changed. */
  async markClosed(days: readonly DrivingDay[]): Promise<number> {
    if (days.length === 0) return 0;
    const ops = days.map((day) => ({ updateOne: { filter: { _id: day._id }, update: { $set: { inMonth: day.n ?? 0 } } } }));
    return (await this.days.collection.bulkWrite(ops as never[], { ordered: false })).modifiedCount;
  }

  /**
   * Reads the hours a plan needs into these rollups (period-plan.ts, `hoursNeeded`): all of them,
   * or only the named ones with the rollup's own total (what they are taken from: the month's copy
   * may lag a late write until the closer's next pass). Two reads at most, by `_id`, side by side.
   */
  async withHours(needs: readonly HoursNeeded[]): Promise<void> {
    const all = needs.filter((need) => need.keys === null);
    const some = needs.filter((need) => need.keys !== null);
    const keys = [...new Set(some.flatMap((need) => need.keys!))];
    await Promise.all([this.readInto(all, { hours: 1 }), this.readInto(some, { total: 1, ...Object.fromEntries(keys.map((key) => [`hours.${key}`, 1])) })]);
  }

  /** Reads these rollups' fields (`projection`: their hours, and their total when asked) into them, by `_id`. */
  private async readInto(needs: readonly HoursNeeded[], projection: Record<string, 1>): Promise<void> {
    if (needs.length === 0) return;
    const byId = new Map(needs.map(({ day }) => [day._id, day]));
    for (const doc of await findByIdChunks<Pick<DrivingDay, '_id' | 'hours' | 'total'>>(this.days.collection, [...byId.keys()], projection)) {
      const day = byId.get(doc._id)!;
      day.hours = doc.hours ?? {};
      if (doc.total) day.total = doc.total;
    }
  }

  async walkStates(assetIds: readonly string[]): Promise<Map<string, FixWalkState>> {
    const docs = await this.walks.collection.find<DrivingWalk>({ _id: { $in: [...assetIds] } } as never).toArray();
    return new Map(docs.map((doc) => [doc._id, doc.state as FixWalkState]));
  }

  async saveWalkStates(states: ReadonlyMap<string, FixWalkState>): Promise<void> {
    const ops = [...states].map(([assetId, state]) => ({ replaceOne: { filter: { _id: assetId }, replacement: { state }, upsert: true } }));
    if (ops.length > 0) await this.walks.collection.bulkWrite(ops as never[], { ordered: false });
  }
}
