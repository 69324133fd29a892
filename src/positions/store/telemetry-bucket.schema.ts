import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { TelemetrySummary } from '../telemetry/telemetry-summary';

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86400;
/** A period of fixed length (not calendar months): any range of up to 30 days touches at most two. */
export const PERIOD_DAYS = 32;
export const PERIOD_SECONDS = PERIOD_DAYS * DAY_SECONDS;

/** `${trackerId}:${bucketStart}`: buckets are read by computed `_id`s, a lookup on every server. */
export const bucketId = (trackerId: string, start: number) => `${trackerId}:${start}`;

/** The start of the day bucket, and of the period bucket, that a time (unix seconds) falls in. */
export const dayOf = (start: number) => Math.floor(start / DAY_SECONDS) * DAY_SECONDS;
export const periodOf = (start: number) => Math.floor(start / PERIOD_SECONDS) * PERIOD_SECONDS;

/** What every bucket level is keyed by: its tracker and the unix second its window starts (UTC). */
export abstract class TelemetryBucketKey {
  /** `bucketId(trackerId, start)`. */
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  @Prop({ required: true })
  start: number;
}

/**
 * One tracker-hour of messages, one per timestamp, sorted, with the hour's summary. The points
 * are packed as float64 columns in one binary field (`ts, lat, lng, speed, alt, dir`, then one
 * column per sensor in `sensors` order; NaN where a message had no value): about 8 bytes a value,
 * and one BSON value instead of hundreds, which mongo-java-server writes several times faster.
 * Rewritten whole when messages arrive for the hour, so repeated or late messages leave it
 * exactly as if they had come once and in order.
 */
@Schema({ collection: 'telemetry_hours', versionKey: false })
export class TelemetryHour extends TelemetryBucketKey {
  /** Number of points. */
  @Prop({ required: true })
  n: number;

  /** Names of the sensor columns. */
  @Prop({ type: [String], default: [] })
  sensors: string[];

  /** An ignition column follows the sensor columns (1/0, NaN when not reported). */
  @Prop({ default: false })
  ignition: boolean;

  /** Three harsh-driving flag columns follow (hour-bucket.ts, `HARSH_COLUMNS`); absent when no point has a flag. */
  @Prop({ type: Boolean, required: false })
  harsh?: boolean;

  /** Little-endian float64 columns, `n` values each. */
  @Prop({ type: Buffer, required: true })
  packed: Buffer;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  summary: TelemetrySummary;
}

/**
 * One tracker-day (UTC) of hour summaries, keyed by the hour of the day (`"0"`…`"23"`): a 30-day
 * query reads 31 of these per tracker instead of 720 hours of points.
 */
@Schema({ collection: 'telemetry_days', versionKey: false })
export class TelemetryDay extends TelemetryBucketKey {
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  hours: Record<string, TelemetrySummary>;
}

/**
 * One tracker-period (32 days) of day summaries, keyed by the day of the period (`"0"`…`"31"`):
 * the whole days of a 30-day range come from at most two of these, so a query reads a handful of
 * documents per tracker whatever the range.
 */
@Schema({ collection: 'telemetry_periods', versionKey: false })
export class TelemetryPeriod extends TelemetryBucketKey {
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  days: Record<string, TelemetrySummary>;
}

// No secondary indexes: these collections are read by `_id` (computed from tracker and time).
export const TelemetryHourSchema = SchemaFactory.createForClass(TelemetryHour);
export const TelemetryDaySchema = SchemaFactory.createForClass(TelemetryDay);
export const TelemetryPeriodSchema = SchemaFactory.createForClass(TelemetryPeriod);
