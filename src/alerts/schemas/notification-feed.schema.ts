import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** One inbox entry as it travels to other instances' streams: its user, and its view. */
@Schema({ _id: false })
export class NotificationFeedEntry {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  view: unknown;
}

/**
 * Recent inbox entries in the order they were written, for other instances' streams: one document
 * per write of entries (an ingestion batch's alerts to all their recipients), not one per entry,
 * so the database stores one document where it stored ten or a thousand. `_id` is a new ObjectId
 * at write time (increasing). Kept a few minutes.
 */
@Schema({ collection: 'notification_feed', versionKey: false })
export class NotificationFeedWrite {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: [NotificationFeedEntry], required: true })
  entries: NotificationFeedEntry[];
}

export const NotificationFeedWriteSchema = SchemaFactory.createForClass(NotificationFeedWrite);
// Read as `{_id: {$gte: t}}` (a range on `_id`), pruned every minute.
