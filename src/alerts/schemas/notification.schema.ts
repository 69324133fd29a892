import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { InEveryLanguage } from '@app/i18n';
import type { Severity } from './alert-rule.schema';

export type NotificationTexts = InEveryLanguage<{ title: string; body: string }>;

export const NOTIFICATION_KINDS = ['alert', 'system'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A recipient who read the entry, and when. */
@Schema({ _id: false, versionKey: false })
export class NotificationRead {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: Date, required: true })
  at: Date;
}
const NotificationReadSchema = SchemaFactory.createForClass(NotificationRead);

/**
 * What an alert (or a system notice) tells its recipients' in-app inboxes: one document for all of
 * them, each recipient's read state in `reads` (docs/alerts.md, "Inbox"). An alert's has `_id`
 * derived from the alert (alert-ids.ts): written again after a crash or by a replay, it is the
 * same entry.
 */
@Schema({ collection: 'notifications', versionKey: false, minimize: false })
export class Notification {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** The users whose inbox it is in. */
  @Prop({ type: [SchemaTypes.ObjectId], required: true })
  recipients: Types.ObjectId[];

  /** The recipients who read it: a recipient not here has it unread. */
  @Prop({ type: [NotificationReadSchema], default: [] })
  reads: NotificationRead[];

  @Prop({ type: String, required: true })
  kind: NotificationKind;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  alertId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  ruleId: Types.ObjectId | null;

  /** In Spanish (the default language); what a reader of another language sees is in `texts`. */
  @Prop({ required: true })
  title: string;

  @Prop({ required: true })
  body: string;

  /** Title and body in every language, each recipient shown theirs; absent on an entry of one text for all (Spanish and English mixed in one). */
  @Prop({ type: SchemaTypes.Mixed, default: undefined })
  texts?: NotificationTexts;

  @Prop({ type: String, required: true })
  severity: Severity;

  /** The alert's asset; null for a system notice. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  assetId: Types.ObjectId | null;

  @Prop({ required: true })
  createdAt: Date;
}

export const NotificationSchema = SchemaFactory.createForClass(Notification);
// A user's inbox, newest first.
NotificationSchema.index({ recipients: 1, _id: -1 });
