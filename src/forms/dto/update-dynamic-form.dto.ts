import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsObject } from 'class-validator';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { FormFieldView } from '../dynamic-form.view';
import { FORM_LIMITS, FORM_STATUSES, FormStatus } from '../form-field-types';
import { FormTargetsDto } from './form-targets.dto';

/** A partial edit. New `fields` make a new version; `_id`, `clientId` and `version` cannot be sent. */
@StrictBody()
export class UpdateDynamicFormDto extends FormTargetsDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  @WhenSent()
  @ValidateText({ min: 0, max: 2000 })
  @MultilineText()
  description?: string;

  /** active ↔ inactive; either → archived (final). */
  @WhenSent()
  @IsIn(FORM_STATUSES, { message: `status must be one of ${FORM_STATUSES.join(', ')}` })
  status?: FormStatus;

  /** The new fields (the whole list): the form's version goes up by one. */
  @ApiPropertyOptional({ type: () => [FormFieldView] })
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(FORM_LIMITS.fields)
  @IsObject({ each: true })
  fields?: Record<string, unknown>[];
}
