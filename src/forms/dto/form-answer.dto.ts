import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { MultilineText, StrictBody, ValidateText } from '@app/http';

export const MAX_ANSWERS = 200;

@StrictBody()
export class FormAnswerDto {
  /** The field answered. */
  @ValidateText({ max: 100, trim: false })
  fieldId: string;

  /** Its value: text, number, boolean, an optionId, a list of optionIds or of file references, by field type. */
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }], nullable: true })
  @Allow()
  @MultilineText()
  value?: unknown;
}
