import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** A named set of a client's assets (what dynamic forms' `assetGroupIds` refer to). */
@Schema({ collection: 'asset_groups', timestamps: true })
export class AssetGroup {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** `{clientId}:{name in lower case, spaces collapsed}`: names are unique per client, whatever their case. */
  @Prop()
  nameKey?: string;

  createdAt: Date;
  updatedAt: Date;
}

/** The value of `nameKey` for a group of this client with this name. */
export function assetGroupNameKey(clientId: Types.ObjectId, name: string): string {
  return `${clientId.toHexString()}:${name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

export type AssetGroupDocument = HydratedDocument<AssetGroup>;
export const AssetGroupSchema = SchemaFactory.createForClass(AssetGroup);
// One group per name and client: a unique key of one field (sparse, so groups written before the
// key existed do not collide); a lookup `{nameKey}` on both servers.
AssetGroupSchema.index({ nameKey: 1 }, { unique: true, sparse: true });

AssetGroupSchema.pre('validate', function () {
  if (this.clientId && this.name) this.nameKey = assetGroupNameKey(this.clientId, this.name);
});
