import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const REFUEL_ANOMALIES = ['over_tank_capacity', 'away_from_vehicle', 'price_mismatch'] as const;
export type RefuelAnomaly = (typeof REFUEL_ANOMALIES)[number];

@Schema({ _id: false })
export class RefuelLocation {
  @Prop({ required: true })
  lat: number;

  @Prop({ required: true })
  lng: number;
}

/**
 * A refuelling of an asset (a fuel-card line, a receipt). Its anomalies are judged once, when it
 * is recorded, against the asset's fuel profile, its tariff and where its tracker was then.
 */
@Schema({ collection: 'refuels', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Refuel {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: Date, required: true })
  occurredAt: Date;

  @Prop({ required: true, min: 0 })
  liters: number;

  @Prop({ type: Number, default: null })
  pricePerLiter: number | null;

  @Prop({ type: Number, default: null })
  totalCost: number | null;

  @Prop({ type: Number, default: null })
  odometerKm: number | null;

  @Prop({ type: String, default: null, maxlength: 200 })
  station: string | null;

  @Prop({ type: RefuelLocation, default: null })
  location: RefuelLocation | null;

  /** The tariff of the asset's profile when recorded (the price compared), if any. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  tariffId: Types.ObjectId | null;

  @Prop({ type: [String], enum: REFUEL_ANOMALIES, default: [] })
  anomalies: RefuelAnomaly[];

  /** How far the tracker was at `occurredAt`, metres (null: no location or no position then). */
  @Prop({ type: Number, default: null })
  distanceFromVehicleM: number | null;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  createdAt: Date;
}

export const RefuelSchema = SchemaFactory.createForClass(Refuel);
// Lists: the client's (or one asset's) refuels, newest first.
RefuelSchema.index({ clientId: 1, occurredAt: -1, _id: -1 });
RefuelSchema.index({ assetId: 1, occurredAt: -1, _id: -1 });
