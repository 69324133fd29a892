import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsObject } from 'class-validator';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { FormFieldView } from '../dynamic-form.view';
import { FORM_LIMITS } from '../form-field-types';
import { FormTargetsDto } from './form-targets.dto';

/** What a new form may start as: a form is never created archived. */
export const CREATABLE_STATUSES = ['active', 'inactive'] as const;

@StrictBody()
export class CreateDynamicFormDto extends FormTargetsDto {
  /** 1 to 200 characters. */
  @ValidateText({ max: 200 })
  name: string;

  /** At most 2000 characters. */
  @WhenSent()
  @ValidateText({ min: 0, max: 2000 })
  @MultilineText()
  description?: string;

  /** `active` (default) or `inactive`. */
  @WhenSent()
  @IsIn(CREATABLE_STATUSES, { message: 'status must be active or inactive (a form is archived later, by PATCH)' })
  status?: (typeof CREATABLE_STATUSES)[number];

  /** 1 to 200 fields; each carries only the properties of its type (docs/inspections-forms-maintenance.md). */
  @ApiProperty({ type: () => [FormFieldView] })
  @IsArray()
  @ArrayMaxSize(FORM_LIMITS.fields)
  @IsObject({ each: true })
  fields: Record<string, unknown>[];
}
