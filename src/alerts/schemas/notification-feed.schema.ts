import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** One inbox entry as the version before wrote it to the feed: its user, and its whole view. */
@Schema({ _id: false })
export class NotificationFeedEntry {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  view: unknown;
}

/** A recipient of a feed group: the user, and the id of their own entry. */
@Schema({ _id: false })
export class NotificationFeedRecipient {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  id: Types.ObjectId;
}

/**
 * The entries of one alert (or one system notice) as they travel: the view all its recipients'
 * entries share but for its id, once, and each recipient's user and entry id.
 */
@Schema({ _id: false })
export class NotificationFeedGroup {
  @Prop({ type: SchemaTypes.Mixed, required: true })
  view: unknown;

  /** The title and body in every language (the view has the default's); absent on a document of one text for all. */
  @Prop({ type: SchemaTypes.Mixed, default: undefined })
  texts?: unknown;

  @Prop({ type: [NotificationFeedRecipient], required: true })
  to: NotificationFeedRecipient[];
}

/**
 * Recent inbox entries in the order they were written, for other instances' streams: one document
 * per write of entries (an ingestion batch's alerts to all their recipients), not one per entry,
 * and in it one view per alert, not one per recipient. `_id` is a new ObjectId at write time
 * (increasing). Kept a few minutes. `entries` is what the version before wrote (a view per
 * recipient); written empty, so that an instance of that version skips these documents during a
 * rolling upgrade instead of failing on them.
 */
@Schema({ collection: 'notification_feed', versionKey: false })
export class NotificationFeedWrite {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: [NotificationFeedGroup], default: undefined })
  groups?: NotificationFeedGroup[];

  @Prop({ type: [NotificationFeedEntry], default: undefined })
  entries?: NotificationFeedEntry[];
}

export const NotificationFeedWriteSchema = SchemaFactory.createForClass(NotificationFeedWrite);
// Read as `{_id: {$gte: t}}` (a range on `_id`), pruned every minute.
