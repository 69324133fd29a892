import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { PortalTicket } from '@app/integrations';

/**
 * A ticket creation sent with an `Idempotency-Key`: written `pending` before the portal is called,
 * `created` with the portal's ticket once it answered. A retry with the same key answers the stored
 * ticket, or finds out what the interrupted attempt did (docs/billing-support.md, "Support tickets").
 */
@Schema({ collection: 'support_ticket_requests', timestamps: true })
export class SupportTicketRequest {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** The caller's `Idempotency-Key`. */
  @Prop({ required: true })
  key: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  /** A hash of the body: the same key with another ticket is a conflict. */
  @Prop({ required: true })
  fingerprint: string;

  @Prop({ required: true, enum: ['pending', 'created'], type: String })
  state: 'pending' | 'created';

  /** When the portal was last called for it: the ticket it may have created is not older. */
  @Prop({ required: true })
  attemptedAt: Date;

  /** Until when that call may still be running (its time-out; now once its failure was answered). */
  @Prop({ required: true })
  inFlightUntil: Date;

  /** The portal's id of the ticket, once known. */
  @Prop()
  ticketId?: string;

  /** The ticket as the portal answered it (the spec's fields), answered again to a retry. */
  @Prop({ type: SchemaTypes.Mixed })
  ticket?: PortalTicket;
}

export const SupportTicketRequestSchema = SchemaFactory.createForClass(SupportTicketRequest);
// A retry finds its request by client and key (the lookup, and the one attempt per key).
SupportTicketRequestSchema.index({ clientId: 1, key: 1 }, { unique: true });
// Whether a portal ticket is already some request's (a stale attempt adopts only an unclaimed one).
SupportTicketRequestSchema.index({ clientId: 1, ticketId: 1 });
