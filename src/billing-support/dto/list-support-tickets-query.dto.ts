import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto, QueryWholeNumber, StrictBody, ValidateText } from '@app/http';

/** Filters of the ticket list (passed on to the portal) and the paging parameters. */
@StrictBody()
export class ListSupportTicketsQueryDto extends PageQueryDto {
  /** Only tickets in this status: its integer id (`status.id` of a ticket). */
  @IsOptional()
  @QueryWholeNumber()
  @IsInt({ message: 'status must be a status id (a whole number)' })
  @Min(0, { message: 'status must be a status id (a whole number)' })
  @Max(999_999_999)
  status?: number;

  /** Only tickets of this category, e.g. `technical` (1 to 100 characters). */
  @ValidateText({ max: 100, optional: true })
  category?: string;
}
