import { IsOptionalObjectId } from '@app/formats';
import { PeriodPageQueryDto, StrictBody } from '@app/http';

/**
 * Visits newest arrival first; `from`/`to` keep those that overlap the period: still going on at
 * or after `from` (departed then or later, or not yet) and begun at or before `to`.
 */
@StrictBody()
export class ListVisitsDto extends PeriodPageQueryDto {
  /** Visits still going on at or after this ISO 8601 date-time (departed then or later, or not yet). */
  declare from?: string;

  /** Visits that began at or before this ISO 8601 date-time. */
  declare to?: string;

  /** Only the visits of this place. */
  @IsOptionalObjectId()
  placeId?: string;

  /** Only this asset's visits. */
  @IsOptionalObjectId()
  assetId?: string;
}
