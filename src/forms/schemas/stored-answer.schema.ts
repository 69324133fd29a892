import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { FieldIdentity } from './field-identity.schema';

/** One accepted answer as work orders and inspections store it, with the field's type and label as they were. */
@Schema({ _id: false })
export class StoredAnswer extends FieldIdentity {
  @Prop({ type: SchemaTypes.Mixed, required: true })
  value: string | number | boolean | string[];

  @Prop({ required: true })
  critical: boolean;
}

export const StoredAnswerSchema = SchemaFactory.createForClass(StoredAnswer);
