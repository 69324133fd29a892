import { OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto } from './page-query.dto';

/**
 * The paging parameters and the period of a list that `from`/`to` narrow: the list's query DTO
 * extends it and says in its description which time of a record the period is compared with.
 */
export class PeriodPageQueryDto extends PageQueryDto {
  /** The period's start, an ISO 8601 date-time (inclusive). */
  @OptionalIsoDateTime()
  from?: string;

  /** The period's end, an ISO 8601 date-time (inclusive). */
  @OptionalIsoDateTime()
  to?: string;
}
