import { IsIn, IsOptional } from 'class-validator';
import { IsOptionalObjectId, OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';

/** Filters of the inspection list (all optional, combined with "and"); unknown ones are a 400. */
@StrictBody()
export class ListInspectionsQueryDto extends PageQueryDto {
  @IsOptionalObjectId()
  assetId?: string;

  /** `true` or `false`. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'critical must be true or false' })
  critical?: 'true' | 'false';

  /** Submitted at or after this instant (ISO 8601). */
  @OptionalIsoDateTime()
  from?: string;

  /** Submitted at or before this instant (ISO 8601). */
  @OptionalIsoDateTime()
  to?: string;

  /** Inspections submitted by this user. */
  @IsOptionalObjectId()
  inspectorId?: string;
}
