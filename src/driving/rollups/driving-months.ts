import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { findByIdChunks } from '@app/database';
import { Model, Types } from 'mongoose';
import type { StoredFleetEvent } from '../../events';
import type { HarshEntry } from '../driving-tally';
import type { DrivingDay, StoredHour } from './driving-day.schema';
import { DrivingMonth, type MonthDay } from './driving-month.schema';
import { DAY_S } from './hour-tallies';

const monthOf = (ts: number): number => {
  const date = new Date(ts * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
};
const monthId = (assetId: string, month: number) => `${assetId}:${month}`;
const dayKey = (day: number) => `d${String(new Date(day * 1000).getUTCDate()).padStart(2, '0')}`;
const dayOfKey = (month: number, key: string) => month + (Number(key.slice(1)) - 1) * DAY_S;

/** A day's figures for its month: its total, added or written over, and from when it counts. */
export interface DayTotal {
  assetId: string;
  day: number;
  total: StoredHour;
  coveredFrom?: number;
}

/** What a score reads of its assets' months (asset id →): the days as rollups without their hours, and the period's harsh events oldest first. */
export interface MonthsRead {
  days: Map<string, Map<number, DrivingDay>>;
  harsh: Map<string, HarshEntry[]>;
}

/**
 * The monthly summaries of the rollups (`driving_months`, driving-month.schema.ts): the days'
 * totals written with each rollup write, the harsh events with each stored, moved or removed
 * event. Every write is an upsert by `_id`, keyed by day or by event id: safe here and on other
 * instances, the same event told twice is one entry.
 */
@Injectable()
export class DrivingMonths {
  constructor(@InjectModel(DrivingMonth.name) private readonly months: Model<DrivingMonth>) {}

  /** Adds the days' totals (every figure, zeros too, so that a day with nothing counted yet exists); a cover only lowers. */
  async addDays(days: readonly DayTotal[]): Promise<void> {
    await this.bulk(
      days.map(({ assetId, day, total, coveredFrom }) => {
        const inc = Object.fromEntries(Object.entries(total).map(([field, value]) => [`days.${dayKey(day)}.total.${field}`, value]));
        const cover: Record<string, object> = coveredFrom === undefined ? {} : { $min: { [`days.${dayKey(day)}.coveredFrom`]: coveredFrom } };
        return this.upsert(assetId, monthOf(day), { $inc: inc, ...cover });
      }),
    );
  }

  /** Writes the days' totals over (summed again from their hours after a re-derivation). */
  async setDays(days: readonly DayTotal[]): Promise<void> {
    await this.bulk(days.map(({ assetId, day, total }) => this.upsert(assetId, monthOf(day), { $set: { [`days.${dayKey(day)}.total`]: total } })));
  }

  /** Writes days as the backfill finds them (`driving_days` without `inMonth`, their own total and cover): over what the month had. */
  async restoreDays(days: readonly DrivingDay[]): Promise<void> {
    await this.bulk(
      days.map((day) => {
        const found: MonthDay = { total: day.total ?? {}, ...(day.coveredFrom != null && { coveredFrom: day.coveredFrom }) };
        return this.upsert(day.assetId.toHexString(), monthOf(day.day), { $set: { [`days.${dayKey(day.day)}`]: found } });
      }),
    );
  }

  /** Enters harsh events in their months (an event re-dated: out of the months beside it first); answers how many entries changed. */
  async harshStored(events: readonly StoredFleetEvent[], moved = false): Promise<number> {
    const ops = [];
    for (const event of events) {
      const at = event.occurredAt.getTime() / 1000;
      const month = monthOf(at);
      if (moved) ops.push(...[monthOf(month - 1), monthOf(month + 32 * DAY_S)].map((other) => this.unsetHarsh(event, other)));
      ops.push(this.upsert(event.assetId.toHexString(), month, { $set: { [`harsh.${event._id.toHexString()}`]: { type: event.type, at } } }));
    }
    return this.bulk(ops);
  }

  /** Takes removed harsh events out of their months. */
  async harshRemoved(events: readonly StoredFleetEvent[]): Promise<void> {
    await this.bulk(events.map((event) => this.unsetHarsh(event, monthOf(event.occurredAt.getTime() / 1000))));
  }

  /** These assets' months of the period (`fromS`, `toS` unix s, both included): one lookup a month. */
  async read(assetIds: readonly string[], fromS: number, toS: number): Promise<MonthsRead> {
    const ids: string[] = [];
    for (const assetId of assetIds) for (let month = monthOf(fromS); month <= toS; month = monthOf(month + 32 * DAY_S)) ids.push(monthId(assetId, month));
    const read: MonthsRead = {
      days: new Map(assetIds.map((id) => [id, new Map<number, DrivingDay>()])),
      harsh: new Map(assetIds.map((id) => [id, [] as HarshEntry[]])),
    };
    for (const doc of await findByIdChunks<DrivingMonth>(this.months.collection, ids)) {
      const assetId = doc.assetId.toHexString();
      for (const [key, { total, coveredFrom }] of Object.entries(doc.days ?? {})) {
        const day = dayOfKey(doc.month, key);
        if (day + DAY_S > fromS && day <= toS)
          read.days.get(assetId)!.set(day, { _id: `${assetId}:${day}`, assetId: doc.assetId, day, coveredFrom: coveredFrom ?? null, total } as DrivingDay);
      }
      for (const [id, { type, at }] of Object.entries(doc.harsh ?? {})) if (at >= fromS && at <= toS) read.harsh.get(assetId)!.push({ id, type, at });
    }
    for (const entries of read.harsh.values()) entries.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    return read;
  }

  private unsetHarsh(event: StoredFleetEvent, month: number) {
    return { updateOne: { filter: { _id: monthId(event.assetId.toHexString(), month) }, update: { $unset: { [`harsh.${event._id.toHexString()}`]: '' } } } };
  }

  private upsert(assetId: string, month: number, update: Record<string, object>) {
    return {
      updateOne: {
        filter: { _id: monthId(assetId, month) },
        update: { $setOnInsert: { assetId: new Types.ObjectId(assetId), month }, ...update },
        upsert: true,
      },
    };
  }

  /** Answers how many documents changed (an entry written again as it was changes none). */
  private async bulk(ops: readonly object[]): Promise<number> {
    if (ops.length === 0) return 0;
    const result = await this.months.collection.bulkWrite(ops as never[], { ordered: false });
    return result.modifiedCount + result.upsertedCount;
  }
}
