import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { TripProgress } from '../telemetry/trip-detector';

/**
 * Where the ingestion pipeline stands for one tracker (`_id` = tracker id), written by its owner
 * at each compaction and read when the tracker comes back into memory: the newest message
 * processed (what is newer is new), trip detection's progress, the newest checkpoint.
 */
@Schema({ collection: 'telemetry_tracker_states', versionKey: false })
export class TrackerStateRecord {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  /** The newest message processed (unix s), positioned or not; null: none yet. */
  @Prop({ type: Number, default: null })
  newestTs: number | null;

  /** The newest fix trips and processors took (behind `newestTs` when a batch failed after storing its points). */
  @Prop({ type: Number, default: null })
  processedTs: number | null;

  /** The oldest late fix not yet replayed (null: none). */
  @Prop({ type: Number, default: null })
  unreplayed: number | null;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  trips: TripProgress | null;

  /** The newest checkpoint's time (unix s; null: none). */
  @Prop({ type: Number, default: null })
  checkpointTs: number | null;

  @Prop({ type: Date, required: true })
  updatedAt: Date;
}

export const TrackerStateRecordSchema = SchemaFactory.createForClass(TrackerStateRecord);

/**
 * A tracker's processors' states at a moment (`_id` = `${trackerId}:${slot}`, a 10-minute slot of
 * fix time: at most one a slot), kept a day: a late fix is replayed from the newest before it.
 */
@Schema({ collection: 'telemetry_checkpoints', versionKey: false, minimize: false })
export class TrackerCheckpointRecord {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  trackerId: Types.ObjectId;

  /** The asset the states belong to (a checkpoint of another asset is not replayed from). */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** The newest fix the states had seen (unix s). */
  @Prop({ required: true })
  ts: number;

  /** Processor name → its snapshot. */
  @Prop({ type: SchemaTypes.Mixed, required: true })
  states: Record<string, unknown>;

  /** When it was written: the prune's clock. */
  @Prop({ type: Date, required: true })
  createdAt: Date;
}

export const TrackerCheckpointRecordSchema = SchemaFactory.createForClass(TrackerCheckpointRecord);
// The prune's `{createdAt: {$lt}}` (a recurring job; mongo-java-server scans).
TrackerCheckpointRecordSchema.index({ createdAt: 1 });
