import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { validationFailed } from '@app/errors';
import { validateFormDefinition } from '../definition/form-definition.validator';
import { FORM_STATUSES, FormStatus } from '../form-field-types';
import { FormField, FormFieldSchema } from './form-field.schema';

/** A client's form, answered in inspections and attached to work orders. */
@Schema({ collection: 'dynamic_forms', timestamps: true })
export class DynamicForm {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** Raised on every change of the fields, so stored answers say which version they answered. */
  @Prop({ required: true, default: 1 })
  version: number;

  @Prop({ required: true })
  name: string;

  @Prop({ default: '' })
  description: string;

  @Prop({ required: true, enum: FORM_STATUSES, type: String, default: 'active' })
  status: FormStatus;

  @Prop({ type: [FormFieldSchema], default: [] })
  fields: FormField[];

  /** The form applies to these assets, to the assets of these groups, or to every asset. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  assetIds: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  assetGroupIds: Types.ObjectId[];

  @Prop({ default: false })
  allAssets: boolean;

  createdAt: Date;
  updatedAt: Date;
}

export type DynamicFormDocument = HydratedDocument<DynamicForm>;
export const DynamicFormSchema = SchemaFactory.createForClass(DynamicForm);
// Forms are read by _id (work order attachments) and as a client's list ({clientId, status}):
// a client has tens of forms, so the list's scan stays small.
DynamicFormSchema.index({ clientId: 1, status: 1 });

// Nothing inconsistent is stored, whatever writes the form (seed, future editor).
DynamicFormSchema.pre('validate', function () {
  const errors = validateFormDefinition(this.toObject());
  if (errors.length > 0) throw validationFailed(errors);
});
