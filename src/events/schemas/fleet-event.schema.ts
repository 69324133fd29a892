import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetNamedRecord } from '@app/fleet';
import type { FleetEventType } from '../event-types';

@Schema({ _id: false })
export class EventPosition {
  @Prop({ required: true })
  lat: number;

  @Prop({ required: true })
  lng: number;

  /** km/h; null when the fix had none. */
  @Prop({ type: Number, default: null })
  speed: number | null;
}

/**
 * What happened to an asset (docs/events.md). Its `_id` is derived from what it is — asset, type,
 * time, geofence, subject — so the same occurrence detected twice (a resent batch, a replay, a
 * second instance) is the same document: a duplicate insert, not a second event.
 */
@Schema({ collection: 'fleet_events', versionKey: false, minimize: false })
export class FleetEvent extends AssetNamedRecord {
  @Prop({ type: String, required: true })
  type: FleetEventType;

  /** The fix's time (the first fix in the new state for a change of state). */
  @Prop({ required: true })
  occurredAt: Date;

  @Prop({ required: true })
  detectedAt: Date;

  @Prop({ type: EventPosition, default: null })
  position: EventPosition | null;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  geofenceId: Types.ObjectId | null;

  /** The place of a visit event. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  placeId: Types.ObjectId | null;

  /** The task of a task event (`task.*`). */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  taskId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.Mixed, default: {} })
  details: Record<string, unknown>;

  /** When its listeners (alerts) were told: until then a detection of it again tells them again. */
  @Prop({ type: Date, default: null })
  notifiedAt: Date | null;
}

export const FleetEventSchema = SchemaFactory.createForClass(FleetEvent);
// Read by `_id` only (lookups, also `$in` of a page's ids): lists go through the hour and day
// index documents (fleet-event-index.schema.ts), which mongo-java-server reads by `_id` too.
