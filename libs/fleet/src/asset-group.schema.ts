import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** A named set of a client's assets (what dynamic forms' `assetGroupIds` refer to). */
@Schema({ collection: 'asset_groups', timestamps: true })
export class AssetGroup {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;
}

export type AssetGroupDocument = HydratedDocument<AssetGroup>;
export const AssetGroupSchema = SchemaFactory.createForClass(AssetGroup);
