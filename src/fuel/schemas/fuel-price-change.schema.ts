import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { ActivityActor } from '@app/activity';

@Schema({ _id: false })
export class TariffState {
  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  pricePerLiter: number;
}

/** Who asked for the change (an activity actor plus the request's facts): replayed into the activity event when a resumed job completes. */
@Schema({ _id: false })
export class PriceChangeActor extends ActivityActor {
  @Prop()
  requestId?: string;

  @Prop()
  ip?: string;

  @Prop()
  userAgent?: string;
}

/**
 * A manual price change of a custom tariff, written before any of its effects: the commit point.
 * Its steps (close and open validity records, re-value costs, invalidate exports, update the
 * tariff) are idempotent, so a job left `pending` by a failure is finished by whoever resumes it
 * once its lease is free. The changes of one tariff apply in `version` order.
 * Its `_id` is also the id of the price record it opens and the mark on the costs it re-values.
 */
@Schema({ collection: 'fuel_price_changes', timestamps: false })
export class FuelPriceChange {
  /** `${tariffId}:${version}`: one change per tariff version, so concurrent changes queue up. */
  @Prop({ required: true })
  key: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  tariffId: Types.ObjectId;

  /** The tariff's `priceVersion` once the change is applied. */
  @Prop({ required: true })
  version: number;

  @Prop({ type: TariffState, required: true })
  before: TariffState;

  @Prop({ type: TariffState, required: true })
  after: TariffState;

  /** When the new price begins (and the replaced one ends). */
  @Prop({ required: true })
  changedAt: Date;

  @Prop({ type: SchemaTypes.ObjectId })
  previousRecordId?: Types.ObjectId;

  @Prop({ type: String, required: true, enum: ['pending', 'completed'] })
  state: 'pending' | 'completed';

  @Prop({ type: PriceChangeActor, required: true })
  actor: PriceChangeActor;

  @Prop()
  revaluedCount?: number;

  @Prop()
  completedAt?: Date;

  /**
   * Who runs the change (an instance's `Jobs.owner`) and until when: set when it is committed,
   * renewed while it runs, cleared when it completes or fails. The resume takes only a change
   * whose lease is free or expired (its instance died).
   */
  @Prop({ type: String, default: null })
  leaseOwner?: string | null;

  @Prop({ type: Date, default: null })
  leaseUntil?: Date | null;
}

export const FuelPriceChangeSchema = SchemaFactory.createForClass(FuelPriceChange);
// The claim of a tariff version (insert fails with 11000 for the second writer) and its lookup.
FuelPriceChangeSchema.index({ key: 1 }, { unique: true });
// Pending jobs (the resume, readers honouring a pending price, a tariff's queue): `{state:
// 'pending'}` (+ tariffId). Few documents are pending; on mongo-java-server this scans the (small)
// change log.
FuelPriceChangeSchema.index({ state: 1, tariffId: 1 });
