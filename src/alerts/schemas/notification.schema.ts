import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { Severity } from './alert-rule.schema';

export const NOTIFICATION_KINDS = ['alert', 'system'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One entry of a user's in-app inbox. An alert's has `_id` derived from the alert and the user
 * (alert-ids.ts): written again after a crash or by a replay, it is the same entry.
 */
@Schema({ collection: 'notifications', versionKey: false, minimize: false })
export class Notification {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  kind: NotificationKind;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  alertId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  ruleId: Types.ObjectId | null;

  @Prop({ required: true })
  title: string;

  @Prop({ required: true })
  body: string;

  @Prop({ type: String, required: true })
  severity: Severity;

  /** The alert's asset; null for a system notice. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  assetId: Types.ObjectId | null;

  @Prop({ type: Date, default: null })
  readAt: Date | null;

  @Prop({ required: true })
  createdAt: Date;
}

export const NotificationSchema = SchemaFactory.createForClass(Notification);
// The inbox: a user's newest first, and its unread ones.
NotificationSchema.index({ userId: 1, _id: -1 });
NotificationSchema.index({ userId: 1, readAt: 1 });
