import { IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsOptionalObjectId, OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

/** The activity log's filters, shared by the list and the export. */
export class ActivityFilterDto {
  /** Events of this user (`actor.userId`). */
  @IsOptionalObjectId()
  actorId?: string;

  /** The dotted verb, exactly: `driver.import`, `driver.update`, `auth.login`, … */
  @ValidateText({ optional: true, max: 100 })
  action?: string;

  /** The kind of record the event is about (`resourceType`): `driver`, `user`, `session`, … */
  @ValidateText({ optional: true, max: 100 })
  entityType?: string;

  /** The id of that record (`resourceId`). */
  @ValidateText({ optional: true, max: 100 })
  entityId?: string;

  /** Events at or after this ISO 8601 date-time (`2026-11-01T00:00:00-03:00`). */
  @OptionalIsoDateTime()
  from?: string;

  /** Events at or before this ISO 8601 date-time. */
  @OptionalIsoDateTime()
  to?: string;
}

@StrictBody()
export class ListActivityQueryDto extends IntersectionType(PageQueryDto, ActivityFilterDto) {}

@StrictBody()
export class ExportActivityQueryDto extends ActivityFilterDto {
  /** `csv` (default; UTF-8 with a BOM) or `xlsx`. */
  @IsOptional()
  @IsIn(['csv', 'xlsx'], { message: 'format must be csv or xlsx' })
  format?: 'csv' | 'xlsx';
}
