import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** An hour's figures as stored (`s10`…: seconds over the limit by more than 10, 20, 30 km/h). */
export interface StoredHour {
  km: number;
  drive: number;
  idle: number;
  s10: number;
  s20: number;
  s30: number;
}

/** The key of a day's hour `index` (0–23) under `hours`: `h00`…`h23`. */
export const hourKey = (index: number): string => `h${String(index).padStart(2, '0')}`;

/**
 * An asset's driving figures of one UTC day by hour (`_id` `<assetId>:<day start, unix s>`),
 * written by the rollup processor as telemetry arrives (docs/driving.md, "Rollups"). Keyed by
 * asset, not by client: read after the caller's scope has named the assets, like the telemetry
 * buckets. `coveredFrom`: the first instant the rollup counted of the day, when the processor took
 * the asset up during it (earlier hours are walked from the fixes when read).
 */
@Schema({ collection: 'driving_days', versionKey: false, minimize: false })
export class DrivingDay {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: Number, required: true })
  day: number;

  @Prop({ type: Number, default: null })
  coveredFrom: number | null;

  /** `h00`…`h23` → that hour's figures (an hour without any is absent). */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  hours: Record<string, StoredHour>;

  /** The day's figures, the sum of its hours (a whole day is read as these, its hours left out). */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  total: Partial<StoredHour>;

  /** How many writes the day has had. */
  @Prop({ type: Number })
  n?: number;

  /** The `n` its month holds it at (`driving_months`, the closer's copy); absent: not copied yet. */
  @Prop({ type: Number })
  inMonth?: number;
}

export const DrivingDaySchema = SchemaFactory.createForClass(DrivingDay);

/** Where the rollup's walk of an asset stands (`_id` the asset id): written at each compaction, read when the asset is taken up again. */
@Schema({ collection: 'driving_walks', versionKey: false, minimize: false })
export class DrivingWalk {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  state: unknown;
}

export const DrivingWalkSchema = SchemaFactory.createForClass(DrivingWalk);
