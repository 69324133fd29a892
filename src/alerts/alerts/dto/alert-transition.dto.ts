import { MultilineText, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class AlertTransitionDto {
  /** @example "Conductor avisado por radio" */
  @ValidateText({ min: 1, max: 2000, optional: true })
  @MultilineText()
  comment?: string;
}
