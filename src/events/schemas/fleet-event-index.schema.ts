import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** One event as an index lists it: enough to filter and order a page without reading the event. */
@Schema({ _id: false })
export class EventIndexEntry {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  id: Types.ObjectId;

  @Prop({ required: true })
  at: Date;

  @Prop({ required: true })
  type: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  geofenceId: Types.ObjectId | null;

  /** Absent in entries written before places existed. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  placeId?: Types.ObjectId | null;
}

/**
 * The events of a client in one hour (in parts of EVENT_INDEX_PART_ENTRIES entries), or of an asset in one day, by their time: the events list
 * reads these by computed `_id`s (lookups on every server) from the newest backwards, so a page
 * deep in a million events costs what the first does on the embedded database, where any other
 * query scans (docs/events.md, "Reading events"). Entries are appended with `$addToSet` (the same
 * event indexed twice is one entry). Keyed by the client or asset through the `_id` (derived from
 * it: event-ids.ts), so there is no `clientId` to filter by: a reader computes the ids of its own
 * client's hours, or of assets it may see, and reads nothing else.
 */
@Schema({ collection: 'fleet_event_index', versionKey: false })
export class FleetEventIndex {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  /** `client` (an hour of the client's events) or `asset` (a day of one asset's). */
  @Prop({ type: String, required: true })
  scope: 'client' | 'asset';

  /** Unix seconds: the hour's or the day's start (UTC). */
  @Prop({ required: true })
  start: number;

  @Prop({ type: [EventIndexEntry], default: [] })
  entries: EventIndexEntry[];

  /**
   * About how many entries it holds (a duplicate append counts too): readers read a small
   * projection of it first to read no more whole documents than a page needs.
   */
  @Prop({ type: Number, default: 0 })
  count: number;

  /**
   * On part 0 of a client's hour: how many parts the hour has (absent: 1). An hour whose part is
   * full goes on in part 1, 2… (`clientHourPartId`), announced here before anything is written to
   * it; readers read them all (event-index-writer.ts).
   */
  @Prop({ type: Number })
  parts?: number;
}

export const FleetEventIndexSchema = SchemaFactory.createForClass(FleetEventIndex);
// Read by `_id` only (see the class).
