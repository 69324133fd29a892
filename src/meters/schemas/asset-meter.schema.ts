import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { AssetKeyedRecord } from '@app/fleet';
import type { MeterFeed } from '../meter-rules';

export const ODOMETER_SOURCES = ['telemetry', 'reading'] as const;
export type OdometerSource = (typeof ODOMETER_SOURCES)[number];

/**
 * An asset's meters (`_id` is the asset's id): kept by telemetry (increments) and set by readings.
 * `watch` is where someone wants to hear of a change (the service plans' next threshold).
 */
@Schema({ collection: 'asset_meters', versionKey: false, minimize: false })
export class AssetMeter extends AssetKeyedRecord {
  @Prop({ type: Number, default: 0 })
  odometerKm: number;

  @Prop({ type: Number, default: 0 })
  engineHours: number;

  @Prop({ type: String, enum: ODOMETER_SOURCES, default: 'telemetry' })
  odometerSource: OdometerSource;

  @Prop({ type: Date, default: () => new Date() })
  updatedAt: Date;

  /**
   * What telemetry itself has counted (km, h), never set by a reading: a replay after late fixes
   * corrects the meters by the difference in these (absent on meters written before: 0).
   */
  @Prop({ type: Number, default: 0 })
  telemetryKm: number;

  @Prop({ type: Number, default: 0 })
  telemetryHours: number;

  /**
   * The folds of telemetry's counts so far (each compaction's `$inc`): a recent count
   * (`asset_meters_recent`) of the same fold is not folded in yet, and readers add it.
   */
  @Prop({ type: Number, default: 0 })
  foldSeq: number;

  /** The newest reading's time (unix s; null: none): telemetry replayed from before it is not counted again. */
  @Prop({ type: Number, default: null })
  readingTs: number | null;

  /** The last fix counted (null: none yet). */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  feed: MeterFeed | null;

  /** No longer used (the checkpoints are the ingestion pipeline's); meters written before may hold it, and a `checkpoints` array nothing reads. */
  @Prop({ type: Number, default: null })
  lastCheckpointTs: number | null;

  /** Tell `METERS_CHANGED` listeners when the odometer or engine hours reach these (null: only readings are told). */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  watch: { odometerKm: number | null; engineHours: number | null } | null;
}

export const AssetMeterSchema = SchemaFactory.createForClass(AssetMeter);
// The repository's upserts (telemetry's counts, every second) filter by `_id` and `clientId`: exactly
// this unique index's keys, a lookup on the embedded server (any other filter scans the collection).
AssetMeterSchema.index({ _id: 1, clientId: 1 }, { unique: true });
