import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { FieldIdentity } from './field-identity.schema';

/** A choice of a select or checkbox field; choosing a `critical` one flags the answer set. */
@Schema({ _id: false })
export class FormFieldOption {
  /** A uuid, unique within the form. */
  @Prop({ required: true })
  optionId: string;

  @Prop({ required: true })
  label: string;

  @Prop({ default: false })
  critical: boolean;
}

/** One question of a dynamic form. Which properties apply depends on `type` (form-field-types.ts). */
@Schema({ _id: false })
export class FormField extends FieldIdentity {
  @Prop({ default: false })
  required: boolean;

  @Prop()
  helperText?: string;

  /** Text length bounds (text, textarea). */
  @Prop()
  minLength?: number;

  @Prop()
  maxLength?: number;

  /** Numeric bounds (number). */
  @Prop()
  min?: number;

  @Prop()
  max?: number;

  /** Choices (select, checkbox). */
  @Prop({ type: [SchemaFactory.createForClass(FormFieldOption)], default: undefined })
  options?: FormFieldOption[];

  /** Bounds on the number of options checked (checkbox). */
  @Prop()
  minChecked?: number;

  @Prop()
  maxChecked?: number;

  /** The yes/no answer that is critical (boolean). */
  @Prop()
  criticalWhen?: boolean;

  /** Highest rating (stars; 5 when absent). */
  @Prop()
  maxStars?: number;

  /** Date restrictions against the client's today (date). */
  @Prop()
  disableFuture?: boolean;

  @Prop()
  disablePast?: boolean;

  /** File count bound (file; 10 when absent) and accepted extensions, lower case without dot. */
  @Prop()
  maxFiles?: number;

  @Prop({ type: [String], default: undefined })
  allowedExtensions?: string[];
}

export const FormFieldSchema = SchemaFactory.createForClass(FormField);
