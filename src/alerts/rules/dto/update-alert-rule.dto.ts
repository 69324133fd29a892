import { ApiProperty } from '@nestjs/swagger';

import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { AllAssetsField, AssetTargetIdsField } from '@app/fleet';
import { StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { FLEET_EVENT_TYPES, type FleetEventType } from '../../../events';
import { SEVERITIES, Severity } from '../../schemas/alert-rule.schema';
import { AlertRecipientsDto, AlertScheduleDto, MAX_RULE_TARGETS } from './alert-rule-fields';
import { MAX_RULE_SECONDS } from './create-alert-rule.dto';

/** The fields to change, at least one; `schedule: null` removes the schedule. */
@StrictBody()
export class UpdateAlertRuleDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  @WhenSent()
  @IsBoolean()
  enabled?: boolean;

  @ApiProperty({ type: [String], enum: FLEET_EVENT_TYPES, minItems: 1, required: false })
  @WhenSent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(FLEET_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(FLEET_EVENT_TYPES, { each: true, message: `eventTypes must be fleet event types: ${FLEET_EVENT_TYPES.join(', ')}` })
  eventTypes?: FleetEventType[];

  @AllAssetsField()
  allAssets?: boolean;

  @AssetTargetIdsField()
  assetIds?: string[];

  @AssetTargetIdsField()
  groupIds?: string[];

  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RULE_TARGETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  geofenceIds?: string[];

  @WhenSent({ nullable: true })
  @ValidateNestedObject(() => AlertScheduleDto)
  schedule?: AlertScheduleDto | null;

  @WhenSent()
  @IsInt()
  @Min(0)
  @Max(MAX_RULE_SECONDS)
  minDurationSeconds?: number;

  @WhenSent()
  @IsInt()
  @Min(0)
  @Max(MAX_RULE_SECONDS)
  cooldownSeconds?: number;

  @ApiProperty({ enum: SEVERITIES, required: false })
  @WhenSent()
  @IsIn(SEVERITIES)
  severity?: Severity;

  @WhenSent()
  @ValidateNestedObject(() => AlertRecipientsDto)
  recipients?: AlertRecipientsDto;
}
