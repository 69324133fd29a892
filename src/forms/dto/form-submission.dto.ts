import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { FormAnswerDto, MAX_ANSWERS } from './form-answer.dto';

/**
 * A form filled in, as every body that submits one carries it (an inspection, a work order's
 * form): the base of their DTOs, which add `@StrictBody()` and say which forms they take.
 */
export class FormSubmissionDto {
  /** An active dynamic form of the client. */
  @IsObjectIdString()
  formId: string;

  /** At most one answer per field; checked against the form's fields. */
  @IsArray()
  @ArrayMaxSize(MAX_ANSWERS)
  @ValidateNested({ each: true })
  @Type(() => FormAnswerDto)
  answers: FormAnswerDto[];
}
