import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { findByIdChunks } from '@app/database';
import { Model, Types } from 'mongoose';
import type { StoredFleetEvent } from '../../events';
import type { HarshEntry } from '../driving-tally';
import type { DrivingDay } from './driving-day.schema';
import { DrivingDays } from './driving-days';
import { DrivingClosing, DrivingMonth, type MonthDay } from './driving-month.schema';
import { DAY_S } from './hour-tallies';

const monthOf = (ts: number): number => {
  const date = new Date(ts * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
};
const monthId = (assetId: string, month: number) => `${assetId}:${month}`;
const dayKey = (day: number) => `d${String(new Date(day * 1000).getUTCDate()).padStart(2, '0')}`;
const dayOfKey = (month: number, key: string) => month + (Number(key.slice(1)) - 1) * DAY_S;

/** What a score reads of its assets' months (asset id →): the days as rollups without their hours, and the period's harsh events oldest first. */
export interface MonthsRead {
  days: Map<string, Map<number, DrivingDay>>;
  harsh: Map<string, HarshEntry[]>;
}

/**
 * The monthly summaries of the rollups (`driving_months`, driving-month.schema.ts): the ended days'
 * totals copied by the closer, the harsh events with each stored, moved or removed event. Every
 * write is an upsert by `_id`, keyed by day or by event id: safe here and on other instances, the
 * same event told twice is one entry.
 */
@Injectable()
export class DrivingMonths {
  constructor(
    @InjectModel(DrivingMonth.name) private readonly months: Model<DrivingMonth>,
    @InjectModel(DrivingClosing.name) private readonly closings: Model<DrivingClosing>,
    private readonly rollups: DrivingDays,
  ) {}

  /** Copies ended days into their months: total and cover over what the month had of them. */
  async closeDays(days: readonly DrivingDay[]): Promise<void> {
    await this.bulk(
      days.map((day) => {
        const found: MonthDay = { total: day.total ?? {}, ...(day.coveredFrom != null && { coveredFrom: day.coveredFrom }) };
        return this.upsert(day.assetId.toHexString(), monthOf(day.day), { $set: { [`days.${dayKey(day.day)}`]: found } });
      }),
    );
  }

  /** Days before this one are all in their months (as of their writes until now). */
  async closedThrough(day: number): Promise<void> {
    await this.closings.updateOne({ _id: 'days' }, { $max: { through: day } }, { upsert: true });
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

  /**
   * These assets' months of the period (`fromS`, `toS` unix s, both included), one lookup a month,
   * and the rollups of its days the months do not hold yet (after the closer's last pass).
   */
  async read(assetIds: readonly string[], fromS: number, toS: number): Promise<MonthsRead> {
    const ids: string[] = [];
    for (const assetId of assetIds) for (let month = monthOf(fromS); month <= toS; month = monthOf(month + 32 * DAY_S)) ids.push(monthId(assetId, month));
    const read: MonthsRead = {
      days: new Map(assetIds.map((id) => [id, new Map<number, DrivingDay>()])),
      harsh: new Map(assetIds.map((id) => [id, [] as HarshEntry[]])),
    };
    const [docs, closing] = await Promise.all([
      findByIdChunks<DrivingMonth>(this.months.collection, ids),
      this.closings.findById('days').lean<DrivingClosing>().exec(),
    ]);
    for (const doc of docs) {
      const assetId = doc.assetId.toHexString();
      for (const [key, { total, coveredFrom }] of Object.entries(doc.days ?? {})) {
        const day = dayOfKey(doc.month, key);
        if (day + DAY_S > fromS && day <= toS)
          read.days.get(assetId)!.set(day, { _id: `${assetId}:${day}`, assetId: doc.assetId, day, coveredFrom: coveredFrom ?? null, total } as DrivingDay);
      }
      for (const [id, { type, at }] of Object.entries(doc.harsh ?? {})) if (at >= fromS && at <= toS) read.harsh.get(assetId)!.push({ id, type, at });
    }
    for (const entries of read.harsh.values()) entries.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    await this.readOpenDays(read, fromS, toS, closing?.through ?? -Infinity);
    return read;
  }

  /** The period's days from `through` on that the months do not hold, from their rollups (today's, yesterday's until the closer's pass). */
  private async readOpenDays(read: MonthsRead, fromS: number, toS: number, through: number): Promise<void> {
    const open: string[] = [];
    for (const [assetId, days] of read.days)
      for (let day = Math.max(Math.floor(fromS / DAY_S) * DAY_S, through); day <= toS; day += DAY_S) if (!days.has(day)) open.push(`${assetId}:${day}`);
    for (const day of await this.rollups.byIds(open)) read.days.get(day.assetId.toHexString())?.set(day.day, day);
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
