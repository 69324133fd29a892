import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsIsoDateTime, IsObjectIdString } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';
import { SEVERITIES, type Severity } from '../../schemas/alert-rule.schema';
import { ALERT_STATES, type AlertState } from '../../schemas/alert.schema';

/** Alerts newest first (by when they opened). */
@StrictBody()
export class ListAlertsDto extends PageQueryDto {
  @ApiProperty({ enum: ALERT_STATES, required: false })
  @IsOptional()
  @IsIn(ALERT_STATES)
  state?: AlertState;

  @ApiProperty({ enum: SEVERITIES, required: false })
  @IsOptional()
  @IsIn(SEVERITIES)
  severity?: Severity;

  @IsOptional()
  @IsObjectIdString()
  assetId?: string;

  @IsOptional()
  @IsObjectIdString()
  ruleId?: string;

  /** Alerts opened at or after this ISO 8601 date-time. */
  @IsOptional()
  @IsIsoDateTime()
  from?: string;

  /** Alerts opened at or before this ISO 8601 date-time. */
  @IsOptional()
  @IsIsoDateTime()
  to?: string;
}
