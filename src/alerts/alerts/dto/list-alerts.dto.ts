import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PeriodPageQueryDto, StrictBody } from '@app/http';
import { FLEET_EVENT_TYPES, type FleetEventType } from '../../../events';
import { SEVERITIES, type Severity } from '../../schemas/alert-rule.schema';
import { ALERT_STATES, type AlertState } from '../../schemas/alert.schema';

/** Alerts newest first (by when they opened); `from`/`to` keep those opened in the period. */
@StrictBody()
export class ListAlertsDto extends PeriodPageQueryDto {
  /** Alerts opened at or after this ISO 8601 date-time. */
  declare from?: string;

  /** Alerts opened at or before this ISO 8601 date-time. */
  declare to?: string;

  @ApiProperty({ enum: ALERT_STATES, required: false })
  @IsOptional()
  @IsIn(ALERT_STATES)
  state?: AlertState;

  @ApiProperty({ enum: SEVERITIES, required: false })
  @IsOptional()
  @IsIn(SEVERITIES)
  severity?: Severity;

  @IsOptionalObjectId()
  assetId?: string;

  @IsOptionalObjectId()
  ruleId?: string;

  /** Alerts opened by an event of this type. */
  @ApiProperty({ enum: FLEET_EVENT_TYPES, required: false })
  @IsOptional()
  @IsIn(FLEET_EVENT_TYPES)
  eventType?: FleetEventType;

  /** Alerts opened by an event of this geofence. */
  @IsOptionalObjectId()
  geofenceId?: string;

  /** Alerts opened by an event of this place. */
  @IsOptionalObjectId()
  placeId?: string;
}
