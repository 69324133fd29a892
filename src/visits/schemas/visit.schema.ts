import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetNamedRecord } from '@app/fleet';

/**
 * A vehicle's stay at a place (docs/places.md, "Visits"), kept from its `place.arrival` and
 * `place.departure` events: `_id` is the arrival event's id. `openFor` (`assetId:placeId`) is there
 * while it lasts — one open visit per asset and place, found by a unique key.
 */
@Schema({ collection: 'visits', minimize: false, versionKey: false })
export class Visit extends AssetNamedRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  placeId: Types.ObjectId;

  /** The place's name when the vehicle arrived. */
  @Prop({ type: String, default: null })
  placeName: string | null;

  /** Who drove (driver assignments come with dispatch: null until then). */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  driverId: Types.ObjectId | null;

  @Prop({ type: String, default: null })
  driverName: string | null;

  @Prop({ required: true })
  arrivedAt: Date;

  @Prop({ type: Date, default: null })
  departedAt: Date | null;

  /** Absent until it ends. */
  @Prop({ type: SchemaTypes.ObjectId, default: undefined })
  departureEventId?: Types.ObjectId;

  /** Absent once it ended. */
  @Prop({ type: String, default: undefined })
  openFor?: string;
}

export const VisitSchema = SchemaFactory.createForClass(Visit);
// The list, newest arrival first (`_id` is the arrival event's id, which starts with its time).
VisitSchema.index({ clientId: 1, _id: -1 });
// Single sparse keys (unique across clients: they hold an asset's or an event's id), since
// mongo-java-server counts a missing value against a partial index's uniqueness.
VisitSchema.index({ openFor: 1 }, { unique: true, sparse: true });
VisitSchema.index({ departureEventId: 1 }, { unique: true, sparse: true });
