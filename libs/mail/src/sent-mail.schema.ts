import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A mail the SMTP server accepted, under the key it was queued with (`_id`): a key found here is
 * never sent again, whether its job is gone or queued anew (the cause told again). Kept
 * SENT_MAIL_RETENTION_DAYS.
 */
@Schema({ collection: 'sent_mails', versionKey: false })
export class SentMail {
  @Prop({ type: String })
  _id: string;

  /** The Message-ID it went under. */
  @Prop({ type: String, required: true })
  messageId: string;

  @Prop({ required: true })
  sentAt: Date;
}

export const SentMailSchema = SchemaFactory.createForClass(SentMail);
// The retention's delete by age (MongoDB uses it; mongo-java-server scans, once an hour).
SentMailSchema.index({ sentAt: 1 });
