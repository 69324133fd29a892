import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { TelemetrySummary } from '../telemetry/telemetry-summary';

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86400;

/** `${trackerId}:${bucketStart}`: buckets are read by computed `_id`s, a lookup on every server. */
export const bucketId = (trackerId: string, start: number) => `${trackerId}:${start}`;

/** A sensor's readings, aligned with `ts` (null where a message had none). */
export interface SensorColumn {
  sensor: string;
  values: (number | null)[];
}

/**
 * One tracker-hour of messages, one per timestamp, sorted, stored as columns (compact), with
 * the hour's summary. Rewritten whole when messages arrive for the hour, so repeated or late
 * messages leave it exactly as if they had come once and in order.
 */
@Schema({ collection: 'telemetry_hours', versionKey: false })
export class TelemetryHour {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  /** Unix seconds of the hour's start (UTC). */
  @Prop({ required: true })
  start: number;

  @Prop({ type: [Number], default: [] })
  ts: number[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  lat: (number | null)[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  lng: (number | null)[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  speed: (number | null)[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  alt: (number | null)[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  dir: (number | null)[];

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  temps: SensorColumn[];

  @Prop({ type: SchemaTypes.Mixed, required: true })
  summary: TelemetrySummary;
}

/**
 * One tracker-day (UTC) of hour summaries, keyed by the hour of the day (`"0"`…`"23"`): a 30-day
 * query reads 31 of these per tracker instead of 720 hours of points.
 */
@Schema({ collection: 'telemetry_days', versionKey: false })
export class TelemetryDay {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  @Prop({ required: true })
  start: number;

  @Prop({ type: SchemaTypes.Mixed, default: {} })
  hours: Record<string, TelemetrySummary>;
}

// No secondary indexes: both collections are read by `_id` (computed from tracker and time).
export const TelemetryHourSchema = SchemaFactory.createForClass(TelemetryHour);
export const TelemetryDaySchema = SchemaFactory.createForClass(TelemetryDay);
