import { ApiProperty } from '@nestjs/swagger';

import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { AssetTargetsDto } from '@app/fleet';
import { StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { FLEET_EVENT_TYPES, type FleetEventType } from '../../../events';
import { SEVERITIES, Severity } from '../../schemas/alert-rule.schema';
import { AlertRecipientsDto, AlertScheduleDto, MAX_RULE_TARGETS } from './alert-rule-fields.dto';

/** A week: the longest minimum duration or cooldown. */
export const MAX_RULE_SECONDS = 7 * 86_400;

/** A new rule: `allAssets` defaults to true. */
@StrictBody()
export class CreateAlertRuleDto extends AssetTargetsDto {
  /** @example "Salida del depósito fuera de horario" */
  @ValidateText({ max: 200 })
  name: string;

  /** Off: matches nothing (default on). */
  @WhenSent()
  @IsBoolean()
  enabled?: boolean;

  /** @example ["geofence.exit"] */
  @ApiProperty({ type: [String], enum: FLEET_EVENT_TYPES, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(FLEET_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(FLEET_EVENT_TYPES, { each: true, message: `eventTypes must be fleet event types: ${FLEET_EVENT_TYPES.join(', ')}` })
  eventTypes: FleetEventType[];

  /** Only events of these geofences (empty: any event, with a geofence or not). */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RULE_TARGETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  geofenceIds?: string[];

  /** When the rule alerts (null or absent: always). */
  @WhenSent({ nullable: true })
  @ValidateNestedObject(() => AlertScheduleDto)
  schedule?: AlertScheduleDto | null;

  /**
   * 0: at once; otherwise a start event alerts only if its end has not come within this many seconds (at most a week).
   * @example 600
   */
  @WhenSent()
  @IsInt()
  @Min(0)
  @Max(MAX_RULE_SECONDS)
  minDurationSeconds?: number;

  /**
   * 0: none; otherwise no second alert of this rule for the same asset within this many seconds of the last (at most a week).
   * @example 900
   */
  @WhenSent()
  @IsInt()
  @Min(0)
  @Max(MAX_RULE_SECONDS)
  cooldownSeconds?: number;

  /** @example "warning" */
  @ApiProperty({ enum: SEVERITIES, required: false })
  @WhenSent()
  @IsIn(SEVERITIES)
  severity?: Severity;

  @WhenSent()
  @ValidateNestedObject(() => AlertRecipientsDto)
  recipients?: AlertRecipientsDto;
}
