import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { FUEL_GRADES, type FuelGrade } from '@app/formats';

export type FuelPriceScope = 'client' | 'global';

/**
 * A price validity: a grade's price from `validFrom` until `validTo` (null while in force).
 * `global` records are market prices seen by every client (no `clientId`); `client` records are a
 * client's manual prices, one series per custom tariff.
 */
@Schema({ collection: 'fuel_price_records', timestamps: false })
export class FuelPriceRecord {
  @Prop({ type: SchemaTypes.ObjectId })
  clientId?: Types.ObjectId;

  @Prop({ type: String, required: true, enum: ['client', 'global'] })
  scope: FuelPriceScope;

  @Prop({ type: String, required: true, enum: FUEL_GRADES })
  fuelType: FuelGrade;

  @Prop({ required: true, min: 0 })
  pricePerLiter: number;

  @Prop({ required: true })
  validFrom: Date;

  @Prop({ type: Date, default: null })
  validTo: Date | null;

  /** The custom tariff whose manual price this is (client records). */
  @Prop({ type: SchemaTypes.ObjectId })
  tariffId?: Types.ObjectId;
}

export const FuelPriceRecordSchema = SchemaFactory.createForClass(FuelPriceRecord);
// The history list: `{$or: [{clientId}, {scope: 'global'}], fuelType}` newest first. On
// mongo-java-server it scans (price records are few: one per price change); MongoDB uses it.
FuelPriceRecordSchema.index({ clientId: 1, fuelType: 1, validFrom: -1 });
// One validity per series and start: a global price per grade and start (no clientId/tariffId,
// so the demo seed of market prices, run once per client, stays idempotent), and a client price
// per tariff and start. Not partial: mongo-java-server ignores a partial filter on uniqueness.
FuelPriceRecordSchema.index({ scope: 1, fuelType: 1, validFrom: 1, clientId: 1, tariffId: 1 }, { unique: true });
