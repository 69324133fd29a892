import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { TripPosition } from '../telemetry/telemetry-source';

/** `${trackerId}:${tripId}`: a trip is read by this computed `_id` (a lookup on every server). */
export const storedTripId = (trackerId: string, tripId: number) => `${trackerId}:${tripId}`;

/**
 * Positions a stored trip holds itself; a longer trip (14 h at one message a second) keeps them
 * in the hour buckets only, read back for its lookup: a document holds at most 16 MB, which a
 * trip of ~150 000 positions would pass (a device that drove for days without a stop).
 */
export const MAX_INLINE_TRIP_POSITIONS = 50_000;
/** A trip of the store source, in the spec's Trip fields (flespi calculator interval names). */
@Schema({ collection: 'telemetry_trips', versionKey: false })
export class StoredTrip {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  @Prop({ required: true })
  id: number;

  @Prop({ required: true }) avg_speed: number;
  @Prop({ required: true }) max_speed: number;
  @Prop({ required: true }) begin: number;
  @Prop({ required: true }) end: number;
  @Prop({ required: true }) timestamp: number;
  @Prop({ required: true }) distance: number;
  @Prop({ required: true }) duration: number;
  @Prop({ type: Number, default: null }) start_battery_level: number | null;
  @Prop({ type: Number, default: null }) end_battery_level: number | null;
  @Prop({ default: '' }) route: string;
  @Prop({ default: 'trip' }) type: string;

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  positions: TripPosition[];

  /** Set when `positions` are not held here (more than MAX_INLINE_TRIP_POSITIONS): read them from the hour buckets. */
  @Prop()
  positionsInBuckets?: boolean;
}

export const StoredTripSchema = SchemaFactory.createForClass(StoredTrip);
// A device's trips in a period (`GET /api/trips/{vendorId}`, newest first) and the trips trip
// detection revisits: `{trackerId, begin: {range}}` / `{trackerId, end: {$gte}}`. Not unique, so
// mongo-java-server scans; MongoDB uses it.
StoredTripSchema.index({ trackerId: 1, begin: 1 });
