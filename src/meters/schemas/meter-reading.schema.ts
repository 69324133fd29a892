import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const METER_READING_SOURCES = ['manual', 'inspection'] as const;
export type MeterReadingSource = (typeof METER_READING_SOURCES)[number];

/** A meter read by someone (by hand, or an inspection's odometer answer). */
@Schema({ collection: 'meter_readings', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class MeterReading {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: Number, default: null })
  odometerKm: number | null;

  @Prop({ type: Number, default: null })
  engineHours: number | null;

  @Prop({ type: Date, required: true })
  readAt: Date;

  /** Allowed to be lower than an earlier reading. */
  @Prop({ default: false })
  correction: boolean;

  @Prop({ type: String, enum: METER_READING_SOURCES, default: 'manual' })
  source: MeterReadingSource;

  /** The inspection whose answer it was. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  inspectionId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  createdAt: Date;
}

export const MeterReadingSchema = SchemaFactory.createForClass(MeterReading);
// An asset's readings, newest first (the list), and the monotonic check (the highest before a time).
MeterReadingSchema.index({ clientId: 1, assetId: 1, _id: -1 });
MeterReadingSchema.index({ clientId: 1, assetId: 1, readAt: -1 });
