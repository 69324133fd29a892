import { Prop } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** A form as some answers were given against it: its id, the version whose fields they answer, and its name then. */
export abstract class FormVersionRef {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  formId: Types.ObjectId;

  /** The form's version the answers were given against: its fields are read back from it. */
  @Prop({ required: true })
  formVersion: number;

  @Prop({ required: true })
  formName: string;
}
