import { IsOptionalObjectId, OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';

/** Visits newest arrival first; `from`/`to` keep those that overlap the period. */
@StrictBody()
export class ListVisitsDto extends PageQueryDto {
  /** Only the visits of this place. */
  @IsOptionalObjectId()
  placeId?: string;

  /** Only this asset's visits. */
  @IsOptionalObjectId()
  assetId?: string;

  /** Visits still going on at or after this ISO 8601 date-time (departed then or later, or not yet). */
  @OptionalIsoDateTime()
  from?: string;

  /** Visits that began at or before this ISO 8601 date-time. */
  @OptionalIsoDateTime()
  to?: string;
}
