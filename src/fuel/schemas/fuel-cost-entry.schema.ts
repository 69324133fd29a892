import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * One fuel cost of the client's history (a trip's consumption or a refuelling), priced by a
 * tariff. The cost itself is derived (litres × price applied, see `fuelCost`), so a re-valuation
 * is one `$set` per entry and price and cost can never disagree.
 */
@Schema({ collection: 'fuel_cost_entries', timestamps: false })
export class FuelCostEntry {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  tariffId: Types.ObjectId;

  @Prop({ type: String, required: true, enum: ['trip', 'refuel'] })
  source: 'trip' | 'refuel';

  @Prop({ required: true })
  occurredAt: Date;

  @Prop({ required: true, min: 0 })
  liters: number;

  /** The price applied (pesos per litre). Flat, not a sub-document: a re-valuation's `$set` of
   * 100 000 entries measured twice as fast on mongo-java-server. */
  @Prop({ required: true, min: 0 })
  pricePerLiter: number;

  /** The price change that applied `pricePerLiter` (absent: priced when recorded). */
  @Prop({ type: SchemaTypes.ObjectId })
  priceChangeId?: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId })
  assetId?: Types.ObjectId;

  /** What the cost came from (a trip id, a refuelling receipt number). */
  @Prop({ maxlength: 100 })
  reference?: string;

  /** A trip's entry: the distance its litres were costed for (km); a trip extended later is costed again at the same consumption. */
  @Prop({ min: 0 })
  distanceKm?: number;

  /** A trip's entry: the consumption it was costed at (L/100 km, the asset's profile then). */
  @Prop({ min: 0 })
  consumptionLPer100Km?: number;
}

export const FuelCostEntrySchema = SchemaFactory.createForClass(FuelCostEntry);
// The re-valuation (`{tariffId, priceChangeId: {$ne}}`) and the cost list of a tariff by
// date. MongoDB uses it; mongo-java-server scans, which one `updateMany` per change
// keeps to a single pass (measured in docs/fuel-cargo.md).
FuelCostEntrySchema.index({ tariffId: 1, occurredAt: 1 });
