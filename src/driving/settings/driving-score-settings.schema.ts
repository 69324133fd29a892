import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { DrivingWeights } from '../driving-score';

/** A client's score weights (one document per client; absent: the defaults). Only the weights changed are stored. */
@Schema({ collection: 'driving_score_settings', timestamps: true, minimize: false })
export class DrivingScoreSettings {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.Mixed, default: {} })
  weights: Partial<DrivingWeights>;
}

export const DrivingScoreSettingsSchema = SchemaFactory.createForClass(DrivingScoreSettings);
// One per client: read and written by its clientId.
DrivingScoreSettingsSchema.index({ clientId: 1 }, { unique: true });
