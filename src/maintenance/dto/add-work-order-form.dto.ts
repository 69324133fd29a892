import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';
import { FormAnswerDto, MAX_ANSWERS } from '../../forms';

@StrictBody()
export class AddWorkOrderFormDto {
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
