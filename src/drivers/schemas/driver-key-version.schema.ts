import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** A client's drivers' keys change counter (`ClientVersionedCache` of `DriverKeys`): keyed by client id. */
@Schema({ collection: 'driver_key_versions', versionKey: false })
export class DriverKeyVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const DriverKeyVersionSchema = SchemaFactory.createForClass(DriverKeyVersion);
