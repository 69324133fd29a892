import { Prop } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A document of one client's asset stored under an `_id` its writer gives (the asset's id, or one
 * derived from it), so that it is read and upserted by that key rather than queried.
 */
export abstract class AssetKeyedRecord {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** The field the asset's tracker scope is checked on. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;
}

/**
 * A client's record of something that happened to one asset, with the asset's name as it was then:
 * lists and exports show it without a lookup, and a later rename does not rewrite history.
 */
export abstract class AssetNamedRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ required: true })
  assetName: string;
}
