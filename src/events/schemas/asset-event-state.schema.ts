import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { DetectorState } from '../detection/detector-state';

/** A past state kept so that a late message can be replayed from just before it (docs/events.md, "Late messages"). */
export interface StateCheckpoint {
  ts: number;
  state: DetectorState;
}

/**
 * What the event detector remembers of one asset between batches. Its `_id` is the asset's id
 * (read and written by `_id`: lookups); `offline` is also set by the offline sweep.
 */
@Schema({ collection: 'asset_event_states', versionKey: false, minimize: false })
export class AssetEventState {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** The newest fix evaluated (unix s): what the offline sweep compares with the clock. */
  @Prop({ type: Number, default: null })
  lastTs: number | null;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  state: DetectorState;

  /** Set by the offline sweep (unix s of the crossing), cleared by the next fix. */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  offline: { since: number; lastFixAt: number } | null;

  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  checkpoints: StateCheckpoint[];
}

export const AssetEventStateSchema = SchemaFactory.createForClass(AssetEventState);
// Read by `_id` (the asset's id). The offline sweep's `{offline: null, lastTs < t}` scans on
// mongo-java-server (an asset each) and uses this index on MongoDB.
AssetEventStateSchema.index({ offline: 1, lastTs: 1 });
