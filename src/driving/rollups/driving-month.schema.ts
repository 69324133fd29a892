import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { StoredHour } from './driving-day.schema';

/** A day of the month as the scores read it: its total, and from when its rollup counts (absent: from its start). */
export interface MonthDay {
  total: Partial<StoredHour>;
  coveredFrom?: number;
}

/** A harsh event of the month, by its id (`harsh.<kind>`, unix s). */
export interface MonthHarsh {
  type: string;
  at: number;
}

/**
 * What a score reads of an asset's UTC month (`_id` `<assetId>:<month start, unix s>`): the total
 * and cover of each of its days that has ended, copied from its `driving_days` rollup by the closer,
 * and the month's harsh events by id (docs/driving.md, "Months"). One lookup answers a month, where
 * the days and the event index took one a day each: 1 000 assets × 31 days were 62 000 lookups.
 */
@Schema({ collection: 'driving_months', versionKey: false, minimize: false })
export class DrivingMonth {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: Number, required: true })
  month: number;

  /** `d01`…`d31` → that day's total and cover (a day without a rollup is absent). */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  days: Record<string, MonthDay>;

  /** Event id (hex) → the harsh event: keyed by id, so the same event told twice is one entry. */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  harsh: Record<string, MonthHarsh>;
}

export const DrivingMonthSchema = SchemaFactory.createForClass(DrivingMonth);

/** How far the closer has copied the days (`_id` `days`): every rollup of a day before `through` was in its month at its last pass. */
@Schema({ collection: 'driving_closings', versionKey: false })
export class DrivingClosing {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: Number, required: true })
  through: number;
}

export const DrivingClosingSchema = SchemaFactory.createForClass(DrivingClosing);
