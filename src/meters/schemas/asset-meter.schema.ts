import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { MeterFeed } from '../meter-rules';

export const ODOMETER_SOURCES = ['telemetry', 'reading'] as const;
export type OdometerSource = (typeof ODOMETER_SOURCES)[number];

/**
 * An asset's meters (`_id` is the asset's id): kept by telemetry (increments) and set by readings.
 * `watch` is where someone wants to hear of a change (the service plans' next threshold).
 */
@Schema({ collection: 'asset_meters', versionKey: false, minimize: false })
export class AssetMeter {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: Number, default: 0 })
  odometerKm: number;

  @Prop({ type: Number, default: 0 })
  engineHours: number;

  @Prop({ type: String, enum: ODOMETER_SOURCES, default: 'telemetry' })
  odometerSource: OdometerSource;

  @Prop({ type: Date, default: () => new Date() })
  updatedAt: Date;

  /** The last fix counted (null: none yet). */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  feed: MeterFeed | null;

  /**
   * The time of the asset's newest checkpoint (`AssetMeterCheckpoint`; null: none), so a batch
   * knows whether one is due without reading them. Documents written before may lack it (none)
   * and still carry a `checkpoints` array, which nothing reads (the repository's projection).
   */
  @Prop({ type: Number, default: null })
  lastCheckpointTs: number | null;

  /** Tell `MetersChanged` listeners when the odometer or engine hours reach these (null: only readings are told). */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  watch: { odometerKm: number | null; engineHours: number | null } | null;
}

export const AssetMeterSchema = SchemaFactory.createForClass(AssetMeter);
