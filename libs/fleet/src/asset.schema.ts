import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

@Schema({ _id: false })
export class AssetIcon {
  @Prop({ required: true, maxlength: 100 })
  id: string;

  @Prop({ required: true, maxlength: 32 })
  color: string;
}

/** A vehicle or piece of equipment of a client, followed by its main tracker. */
@Schema({ collection: 'assets', timestamps: true })
export class Asset {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** Licence plate (patente), e.g. `KJHT-42`. */
  @Prop({ trim: true, maxlength: 20, default: '' })
  plate: string;

  /** What the asset is: truck, van, car, trailer, reefer, machinery… */
  @Prop({ required: true, trim: true, maxlength: 50 })
  kind: string;

  @Prop({ type: AssetIcon, required: true, default: () => ({ id: 'truck', color: '#1e88e5' }) })
  icon: AssetIcon;

  @Prop({ type: SchemaTypes.ObjectId })
  mainTrackerId?: Types.ObjectId;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  groupIds: Types.ObjectId[];

  createdAt: Date;
  updatedAt: Date;
}

export type AssetDocument = HydratedDocument<Asset>;
export const AssetSchema = SchemaFactory.createForClass(Asset);
// Assets are loaded by _id (then checked for client) — no other index is needed for lookups.
