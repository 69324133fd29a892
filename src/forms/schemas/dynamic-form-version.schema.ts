import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { FormField, FormFieldSchema } from './form-field.schema';

/**
 * The fields of a superseded version of a form. A form keeps only its current fields; when an
 * edit changes them, the fields it replaces are kept here first, so an inspection or a work order
 * answered against version N still shows the questions of version N.
 */
@Schema({ collection: 'dynamic_form_versions', timestamps: false })
export class DynamicFormVersion {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  formId: Types.ObjectId;

  @Prop({ required: true })
  version: number;

  @Prop({ type: [FormFieldSchema], default: [] })
  fields: FormField[];

  /** When this version stopped being the current one. */
  @Prop({ required: true })
  supersededAt: Date;
}

export type DynamicFormVersionDocument = HydratedDocument<DynamicFormVersion>;
export const DynamicFormVersionSchema = SchemaFactory.createForClass(DynamicFormVersion);
// Reading an old inspection's questions looks up exactly `{clientId, formId, version}` (the
// repository adds the client): unique, so a lookup
// on mongo-java-server, and an edit that archives the same version twice is a no-op.
DynamicFormVersionSchema.index({ clientId: 1, formId: 1, version: 1 }, { unique: true });
