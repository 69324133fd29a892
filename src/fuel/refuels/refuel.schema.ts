import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const REFUEL_ANOMALIES = ['over_tank_capacity', 'away_from_vehicle', 'price_mismatch', 'odometer_mismatch'] as const;
export type RefuelAnomaly = (typeof REFUEL_ANOMALIES)[number];

@Schema({ _id: false })
export class RefuelLocation {
  @Prop({ required: true })
  lat: number;

  @Prop({ required: true })
  lng: number;
}

/**
 * A refuelling of an asset (a fuel-card statement's line, or one typed in), with what was found
 * odd about it when it was recorded (docs/fuel-cargo.md, "Refuels").
 */
@Schema({ collection: 'refuels', versionKey: false, minimize: false })
export class Refuel {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ required: true })
  occurredAt: Date;

  @Prop({ required: true })
  liters: number;

  /** Paid per litre: as given, or the total over the litres; null when neither was given. */
  @Prop({ type: Number, default: null })
  pricePerLiter: number | null;

  /** Paid in all: as given, or litres × price; null when neither was given. */
  @Prop({ type: Number, default: null })
  totalCost: number | null;

  @Prop({ type: Number, default: null })
  odometerKm: number | null;

  @Prop({ type: String, default: null })
  station: string | null;

  @Prop({ type: RefuelLocation, default: null })
  location: RefuelLocation | null;

  @Prop({ type: [String], default: [] })
  anomalies: RefuelAnomaly[];

  /** What each anomaly was measured against (the tank, the vehicle's fix, the tariff's price). */
  @Prop({ type: SchemaTypes.Mixed, default: () => ({}) })
  checks: Record<string, unknown>;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  @Prop({ type: Date, default: () => new Date() })
  createdAt: Date;
}

export const RefuelSchema = SchemaFactory.createForClass(Refuel);
RefuelSchema.index({ clientId: 1, _id: -1 });
RefuelSchema.index({ clientId: 1, assetId: 1, occurredAt: -1 });
