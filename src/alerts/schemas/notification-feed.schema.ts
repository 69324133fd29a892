import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * Recent inbox entries in the order they were written, for other instances' streams: `_id` is a
 * new ObjectId at write time (increasing); the entry travels as its view. Kept a few minutes.
 */
@Schema({ collection: 'notification_feed', versionKey: false })
export class NotificationFeedEntry {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  notificationId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  view: unknown;
}

export const NotificationFeedEntrySchema = SchemaFactory.createForClass(NotificationFeedEntry);
// Read as `{_id: {$gte: t}}` (a range on `_id`), pruned every minute.
