import { Prop } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** Whose and which: the client, asset and plan every record of a plan's asset starts with (its indexes do too). */
export abstract class PlanAssetKeys {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  planId: Types.ObjectId;
}
