import { IsOptional } from 'class-validator';
import { IsIsoDay, IsOptionalObjectId } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';

/** Routes by date, newest first. */
@StrictBody()
export class ListRoutesDto extends PageQueryDto {
  /** Only the routes of this day (`YYYY-MM-DD`). @example "2026-11-20" */
  @IsOptional()
  @IsIsoDay()
  date?: string;

  @IsOptionalObjectId()
  assetId?: string;

  @IsOptionalObjectId()
  driverId?: string;
}
