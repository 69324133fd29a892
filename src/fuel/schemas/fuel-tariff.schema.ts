import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { FUEL_GRADES, type FuelGrade } from '@app/formats';

/**
 * A fuel tariff of a client: a base grade (immutable), a name and a price per litre. A `custom`
 * tariff has the client's own manual price; otherwise it follows the market price of its grade.
 */
@Schema({ collection: 'fuel_tariffs', timestamps: true })
export class FuelTariff {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: String, required: true, enum: FUEL_GRADES })
  baseType: FuelGrade;

  @Prop({ required: true, trim: true, maxlength: 100 })
  name: string;

  @Prop({ required: true })
  custom: boolean;

  /** Pesos per litre; for a custom tariff the price of its open validity record. */
  @Prop({ required: true, min: 0 })
  pricePerLiter: number;

  /** Counts price changes; a change to version v+1 is keyed `${tariffId}:${v+1}` (one at a time). */
  @Prop({ required: true, default: 0 })
  priceVersion: number;

  /** The client price record now in force (custom tariffs), and when it began. */
  @Prop({ type: SchemaTypes.ObjectId })
  priceRecordId?: Types.ObjectId;

  @Prop()
  priceValidFrom?: Date;

  createdAt: Date;
  updatedAt: Date;
}

export const FuelTariffSchema = SchemaFactory.createForClass(FuelTariff);
// Read by `_id` only (TenantRepository); no secondary index is needed.
