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

  /**
   * A telemetry assignment's key, `assetId:fromMs` (the fix that opened it): the same fix again
   * (a resend, another instance taking the tracker over) opens nothing twice.
   */
  @Prop({ type: String, default: undefined })
  fixKey?: string;

  createdAt: Date;
  updatedAt: Date;
}

export const DriverAssignmentSchema = SchemaFactory.createForClass(DriverAssignment);
// The asset's and the driver's lists, newest first, and the spans of assets over a period
// (`{assetId: {$in}, from: {$lt}}`) that labels trips, events and visits when they are read.
DriverAssignmentSchema.index({ clientId: 1, assetId: 1, from: -1 });
DriverAssignmentSchema.index({ clientId: 1, driverId: 1, from: -1 });
// A single sparse key (unique across clients: it holds an asset's id), since mongo-java-server
// counts a missing value against a partial index's uniqueness.
DriverAssignmentSchema.index({ fixKey: 1 }, { unique: true, sparse: true });

export const telemetryFixKey = (assetId: Types.ObjectId, from: Date): string => `${assetId.toHexString()}:${from.getTime()}`;
