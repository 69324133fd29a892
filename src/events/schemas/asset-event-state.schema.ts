import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetKeyedRecord } from '@app/fleet';
import type { DetectorState } from '../detection/detector-state';

/**
 * What the event detector remembers of one asset (`_id` is the asset's id), written back by the
 * instance that processes its tracker (`EventStates.flush`) and read when it first needs it.
 * States written before the checkpoints moved to the ingestion pipeline still hold a
 * `checkpoints` array: never read, dropped at their next write.
 */
@Schema({ collection: 'asset_event_states', versionKey: false, minimize: false })
export class AssetEventState extends AssetKeyedRecord {
  /** The asset's tracker when it was written: whose owner watches it for silence (absent on states written before). */
  @Prop({ type: SchemaTypes.ObjectId })
  trackerId?: Types.ObjectId;

  /** The newest fix evaluated (unix s). */
  @Prop({ type: Number, default: null })
  lastTs: number | null;

  /** When a fix of the tracker last arrived: the offline check measures silence from it (absent on states written before: their newest fix). */
  @Prop({ type: Date, default: null })
  seenAt: Date | null;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  state: DetectorState;

  /** Set when the tracker was found silent (unix s of the crossing), cleared by the next fix. */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  offline: { since: number; lastFixAt: number } | null;
}

export const AssetEventStateSchema = SchemaFactory.createForClass(AssetEventState);
// Read by `_id` (the asset's id). The offline check's `{offline: null, seenAt < t}` scans on
// mongo-java-server (a recurring check, never on a request) and uses this index on MongoDB.
AssetEventStateSchema.index({ offline: 1, seenAt: 1 });
// The repository's upserts (each compaction's states) filter by `_id` and `clientId`: exactly this
// unique index's keys, a lookup on the embedded server (any other filter scans the collection).
AssetEventStateSchema.index({ _id: 1, clientId: 1 }, { unique: true });
