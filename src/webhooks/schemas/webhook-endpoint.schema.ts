import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** One signing secret; the one replaced by a rotation keeps signing until `expiresAt`. */
export interface EndpointSecret {
  secret: string;
  /** null: the current secret. */
  expiresAt: Date | null;
}

/** Where a client's systems receive webhooks (docs/notifications.md). */
@Schema({ collection: 'webhook_endpoints', timestamps: true, minimize: false })
export class WebhookEndpoint {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, maxlength: 2000 })
  url: string;

  @Prop({ default: '', maxlength: 500 })
  description: string;

  /** `alert.opened`, `alert.acknowledged`, `alert.resolved`, `event.<fleet event type>`. */
  @Prop({ type: [String], default: [] })
  eventTypes: string[];

  @Prop({ default: true })
  enabled: boolean;

  /** The current secret first; a rotated-out one until it expires. Never answered after creation. */
  @Prop({ type: [{ _id: false, secret: String, expiresAt: Date }], default: [] })
  secrets: EndpointSecret[];

  /** The first failed attempt since the last success: every delivery failing for 3 days disables the endpoint. */
  @Prop({ type: Date, default: null })
  failingSince: Date | null;

  /** When and why the platform disabled it (null: enabled, or disabled by a user). */
  @Prop({ type: Date, default: null })
  disabledAt: Date | null;

  @Prop({ type: String, default: null })
  disabledReason: string | null;

  createdAt: Date;
  updatedAt: Date;
}

export const WebhookEndpointSchema = SchemaFactory.createForClass(WebhookEndpoint);
// The list, newest first; the endpoints a published type goes to (a client has few).
WebhookEndpointSchema.index({ clientId: 1, _id: -1 });
