import { ModelDefinition, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** A client's change counter of one kind of records (`ClientIndex`, `ClientVersionedCache`): keyed by client id. */
@Schema({ versionKey: false })
export class ClientVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const ClientVersionSchema = SchemaFactory.createForClass(ClientVersion);

/** The model of one kind of records' counters, in a collection of its own. */
export const clientVersionModel = (name: string, collection: string): ModelDefinition => ({ name, schema: ClientVersionSchema, collection });
