import { MultilineText, StrictBody, ValidateText } from '@app/http';

/** A comment on a ticket, in the name of the caller: only its text. */
@StrictBody()
export class CreateTicketCommentDto {
  /** The comment (1 to 5000 characters, trimmed). */
  @ValidateText({ max: 5000 })
  @MultilineText()
  content: string;
}
