import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetNamedRecord } from '@app/fleet';
import type { FleetEventType } from '../../events';

export const OPENING_STATES = ['waiting', 'opened', 'cancelled'] as const;
export type OpeningState = (typeof OPENING_STATES)[number];

/**
 * A start event that matched a rule with a minimum duration: it opens its alert at `decideAt`
 * (a job) unless its end event came before — whichever claims it first (`waiting` → `opened` or
 * `cancelled`, one atomic update) wins. `_id` is the alert's id-to-be.
 */
@Schema({ collection: 'alert_openings', versionKey: false, minimize: false })
export class AlertOpening extends AssetNamedRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  ruleId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  eventId: Types.ObjectId;

  @Prop({ type: String, required: true })
  eventType: FleetEventType;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  geofenceId: Types.ObjectId | null;

  /** Absent in openings stored before places existed. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  placeId?: Types.ObjectId | null;

  @Prop({ required: true })
  occurredAt: Date;

  /** occurredAt + the rule's minDurationSeconds. */
  @Prop({ required: true })
  decideAt: Date;

  @Prop({ type: String, required: true })
  state: OpeningState;
}

// Read only by `_id`: an end finds its asset's waiting openings through the register of unsettled starts.
export const AlertOpeningSchema = SchemaFactory.createForClass(AlertOpening);
