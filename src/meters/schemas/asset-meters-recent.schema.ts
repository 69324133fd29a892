import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/** What telemetry counted of an asset since its meters were last folded (`foldSeq`: the fold it counts from). */
export interface RecentCount {
  km: number;
  hours: number;
  foldSeq: number;
  /** When it was written (ms). */
  at: number;
}

/**
 * The meters telemetry counted since the last compaction, of one partition's assets (`_id`
 * `p:<n>`): written every second by the instance that processes those trackers — one write a
 * partition, not one an asset — and added by readers to the asset's folded meters until the next
 * compaction folds them in (docs/maintenance.md, "Meters from telemetry").
 */
@Schema({ collection: 'asset_meters_recent', versionKey: false, minimize: false })
export class AssetMetersRecent {
  @Prop({ type: String })
  _id: string;

  /** Asset id (hex) → its count since the last fold. */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  assets: Record<string, RecentCount>;
}

export const AssetMetersRecentSchema = SchemaFactory.createForClass(AssetMetersRecent);
