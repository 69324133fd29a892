import { createHash } from 'node:crypto';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const ASSIGNMENT_SOURCES = ['manual', 'telemetry'] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

/**
 * A driver at the wheel of an asset from `from` until `to` (null: still open), set by hand
 * (`manual`) or by the driver key the asset's tracker sent (`telemetry`). Manual assignments of
 * an asset never overlap; a manual one wins over the telemetry ones within its span when read.
 */
@Schema({ collection: 'driver_assignments', versionKey: false, timestamps: true })
export class DriverAssignment {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  driverId: Types.ObjectId;

  @Prop({ required: true })
  from: Date;

  @Prop({ type: Date, default: null })
  to: Date | null;

  @Prop({ type: String, required: true, enum: ASSIGNMENT_SOURCES })
  source: AssignmentSource;

  /** Who set a manual assignment; absent for telemetry. */
  @Prop({ type: SchemaTypes.ObjectId, default: undefined })
  userId?: Types.ObjectId;

  createdAt: Date;
  updatedAt: Date;
}

export const DriverAssignmentSchema = SchemaFactory.createForClass(DriverAssignment);
// The asset's and the driver's lists, newest first, and the spans of assets over a period
// (`{assetId: {$in}, from: {$lt}}`) that labels trips, events and visits when they are read.
DriverAssignmentSchema.index({ clientId: 1, assetId: 1, from: -1 });
DriverAssignmentSchema.index({ clientId: 1, driverId: 1, from: -1 });
/**
 * The id of the telemetry assignment opened by an asset's fix at `fromMs`: the fix's time, then a
 * hash of asset and time, so the same fix again (a resend, another instance taking the tracker
 * over) opens nothing twice.
 */
export function telemetryAssignmentId(assetId: Types.ObjectId, fromMs: number): Types.ObjectId {
  const seconds = Math.floor(fromMs / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return new Types.ObjectId(seconds + createHash('sha1').update(`${assetId.toHexString()}:${fromMs}`).digest('hex').slice(0, 16));
}
