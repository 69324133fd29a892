import { MultilineText, StrictBody, ValidateText } from '@app/http';

/** The spec's ticket body: exactly these three fields; any other field is refused with 400. */
@StrictBody()
export class CreateSupportTicketDto {
  /** Short summary of the problem (1 to 200 characters, trimmed). */
  @ValidateText({ max: 200 })
  title: string;

  /** What happened (1 to 5000 characters, trimmed; may span several lines). */
  @ValidateText({ max: 5000 })
  @MultilineText()
  description: string;

  /** Kind of request, e.g. `technical` or `billing` (1 to 100 characters). */
  @ValidateText({ max: 100 })
  category: string;
}
