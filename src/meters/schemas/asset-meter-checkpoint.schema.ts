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
// One checkpoint per asset and time: the replay's lookup of the asset's newest (exactly these keys:
// a lookup on the embedded server too), its sorted read of the newest before a late message, and
// the prune of an asset's older than a day or after a replayed one.
AssetMeterCheckpointSchema.index({ clientId: 1, assetId: 1, ts: 1 }, { unique: true });
