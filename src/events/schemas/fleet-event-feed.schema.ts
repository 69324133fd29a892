import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * The recent events in the order they were stored, for other instances' live streams: `_id` is a
 * new ObjectId at write time (increasing), the event travels as its view. Kept a few minutes.
 */
@Schema({ collection: 'fleet_event_feed', versionKey: false })
export class FleetEventFeedEntry {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  eventId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  view: unknown;
}

export const FleetEventFeedEntrySchema = SchemaFactory.createForClass(FleetEventFeedEntry);
// Read as `{_id: {$gt: last}}`: a range on `_id`, over a few minutes of events (pruned every minute).
