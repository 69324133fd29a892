import { Prop } from '@nestjs/mongoose';
import { FIELD_TYPES, FieldType } from '../form-field-types';

/** What names a question: a form's field, and every stored answer that keeps it as it was when answered. */
export abstract class FieldIdentity {
  /** Unique within the form; answers name the field by it. */
  @Prop({ required: true })
  fieldId: string;

  @Prop({ required: true, enum: FIELD_TYPES, type: String })
  type: FieldType;

  @Prop({ required: true })
  label: string;
}
