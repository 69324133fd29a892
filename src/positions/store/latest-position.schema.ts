import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * The newest position of a tracker, updated by ingestion only when a message is newer than the
 * one it holds. Keyed by tracker (`_id` = tracker id): read after the caller's scope has named
 * the trackers, like the buckets. Also the trip detection's resume point (`openTripBegin`,
 * `openTripLastMoving`, `tripsSeenTo`: a `TripProgress`).
 */
@Schema({ collection: 'telemetry_latest', versionKey: false })
export class LatestPosition {
  /** The tracker id (hex). */
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  @Prop({ required: true })
  vendorId: number;

  /** Unix seconds of the message. */
  @Prop({ required: true })
  ts: number;

  @Prop({ required: true }) lat: number;
  @Prop({ required: true }) lng: number;
  @Prop({ type: Number, default: null }) speed: number | null;
  @Prop({ type: Number, default: null }) dir: number | null;
  @Prop({ type: Number, default: null }) alt: number | null;
  @Prop({ type: Boolean, default: null }) ignition: boolean | null;

  /** When it was stored (ms since the epoch): the live stream's order and event id. */
  @Prop({ required: true })
  ingestedAt: number;

  /** The begin (unix s) of the trip in progress, not yet closed by a stop; null when stopped. */
  @Prop({ type: Number, default: null })
  openTripBegin: number | null;

  /** That trip's last moving message (unix s); null when stopped. */
  @Prop({ type: Number, default: null })
  openTripLastMoving?: number | null;

  /** The newest message trip detection has seen (unix s); absent on records older than it. */
  @Prop({ type: Number })
  tripsSeenTo?: number;
}

/** A tracker's latest position as the app passes it around (the stored record). */
export type LatestRecord = LatestPosition;

export const LatestPositionSchema = SchemaFactory.createForClass(LatestPosition);
// The live stream's polling (no change streams): `{ingestedAt: {$gt: last}}` every second.
LatestPositionSchema.index({ ingestedAt: 1 });
