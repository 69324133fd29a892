import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

/** One attempt as it ended. Every attempt is kept, so the log shows the failures a success followed. */
@Schema({ _id: false })
export class WebhookAttempt {
  /** 1 for the first attempt. */
  @Prop({ required: true })
  attempt: number;

  /** When it started. */
  @Prop({ required: true })
  at: Date;

  /** The receiver's HTTP status (null: no answer — refused, timed out, unreachable). */
  @Prop({ type: Number, default: null })
  responseStatus: number | null;

  @Prop({ required: true })
  durationMs: number;

  /** Why it failed, in words (null: it succeeded). */
  @Prop({ type: String, default: null })
  error: string | null;
}

export const WebhookAttemptSchema = SchemaFactory.createForClass(WebhookAttempt);

/**
 * One message to one endpoint and its attempts (docs/notifications.md): the body is stored as it
 * is sent, so every attempt sends the same bytes under the same `messageId` (`webhook-id`).
 */
@Schema({ collection: 'webhook_deliveries', timestamps: { createdAt: true, updatedAt: false }, minimize: false })
export class WebhookDelivery {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  endpointId: Types.ObjectId;

  /** The cause's idempotency key with the endpoint: one delivery per cause and endpoint. */
  @Prop({ required: true })
  key: string;

  /** `webhook-id`: the same on every attempt and on a redelivery. */
  @Prop({ required: true })
  messageId: string;

  @Prop({ required: true })
  type: string;

  /** The JSON body, exactly as sent. */
  @Prop({ required: true })
  body: string;

  /** Attempts made so far. */
  @Prop({ default: 0 })
  attempt: number;

  /** Every attempt, oldest first (at most 12: the first and the schedule's 11 retries). */
  @Prop({ type: [WebhookAttemptSchema], default: [] })
  attempts: WebhookAttempt[];

  @Prop({ type: String, default: 'pending' })
  state: DeliveryState;

  /** The last attempt's HTTP status (null: no answer — refused, timed out, unreachable). */
  @Prop({ type: Number, default: null })
  responseStatus: number | null;

  /** The last attempt's duration. */
  @Prop({ type: Number, default: null })
  durationMs: number | null;

  /** Why the last attempt failed, in words. */
  @Prop({ type: String, default: null })
  error: string | null;

  @Prop({ type: Date, default: null })
  nextAttemptAt: Date | null;

  /** Sent by a user (a test ping or a redelivery): it goes out even to a disabled endpoint. */
  @Prop({ default: false })
  manual: boolean;

  createdAt: Date;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ clientId: 1, endpointId: 1, key: 1 }, { unique: true });
// The delivery log of an endpoint, newest first.
WebhookDeliverySchema.index({ clientId: 1, endpointId: 1, _id: -1 });
