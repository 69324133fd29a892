import { OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto } from './page-query.dto';

/**
 * The paging parameters and the period of a list that `from`/`to` narrow: the list's query DTO
 * extends it and redeclares `from` and `to` (`declare`, checked as here) with a description of
 * their own, which the OpenAPI document shows: which time of a record each is compared with.
 */
export class PeriodPageQueryDto extends PageQueryDto {
  /** The period's start, an ISO 8601 date-time (inclusive). */
  @OptionalIsoDateTime()
  from?: string;

  /** The period's end, an ISO 8601 date-time (inclusive). */
  @OptionalIsoDateTime()
  to?: string;
}
