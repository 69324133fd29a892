import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { MeterFeed } from '../meter-rules';

/** The meters as they were before a fix: a late message is replayed from the newest before it. */
export interface MeterCheckpoint {
  ts: number;
  odometerKm: number;
  engineHours: number;
  feed: MeterFeed;
}

/**
 * One checkpoint of an asset's meters, at most one every 10 minutes of fix time, for a day. A
 * document each (not an array in the meters): the batch that adds one inserts it, instead of the
 * database reading and rewriting a day of them in the meters' document with every message.
 */
@Schema({ collection: 'asset_meter_checkpoints', versionKey: false })
export class AssetMeterCheckpoint implements MeterCheckpoint {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** Its 10-minute slot of fix time (`checkpointSlot`): an asset's are read and deleted by it. */
  @Prop({ type: Number, required: true })
  slot: number;

  /** Fix time (seconds) of the last fix counted into these meters. */
  @Prop({ type: Number, required: true })
  ts: number;

  @Prop({ type: Number, required: true })
  odometerKm: number;

  @Prop({ type: Number, required: true })
  engineHours: number;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  feed: MeterFeed;
}

export const AssetMeterCheckpointSchema = SchemaFactory.createForClass(AssetMeterCheckpoint);
// One checkpoint per asset and 10-minute slot (they are at least that far apart): a replay reads the
// newest before a late message, and deletes the ones after it, by these exact keys — a lookup on
// the embedded server, where any other query (a sorted read, a time range) scans the collection.
AssetMeterCheckpointSchema.index({ clientId: 1, assetId: 1, slot: 1 }, { unique: true });
