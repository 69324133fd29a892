import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetKeyedRecord } from '@app/fleet';

/**
 * The cooldown of one rule on one asset: `_id` derived from both; claimed atomically by an
 * opening whose event is at or after `until` (or by the same event again, a replay).
 */
@Schema({ collection: 'alert_cooldowns', versionKey: false })
export class AlertCooldown extends AssetKeyedRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  ruleId: Types.ObjectId;

  /** The event that opened the last alert. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  eventId: Types.ObjectId;

  /** No new alert of this rule and asset for events before this. */
  @Prop({ required: true })
  until: Date;
}

export const AlertCooldownSchema = SchemaFactory.createForClass(AlertCooldown);
