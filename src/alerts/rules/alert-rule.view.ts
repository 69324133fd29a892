import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { FLEET_EVENT_TYPES } from '../../events';
import { SEVERITIES, WEEK_DAYS, type AlertRule, type Severity, type WeekDay } from '../schemas/alert-rule.schema';
import { recordTimes } from '@app/http';

export class AlertScheduleView {
  /** @example "America/Santiago" */
  timeZone: string;
  @ApiProperty({ type: [String], enum: WEEK_DAYS })
  days: WeekDay[];
  /** @example "20:00" */
  from: string;
  /** @example "06:00" */
  to: string;
}

export class AlertRecipientsView {
  userIds: string[];
  emails: string[];
}

export class AlertRuleView {
  id: string;
  /** @example "Salida del depósito fuera de horario" */
  name: string;
  enabled: boolean;
  @ApiProperty({ type: [String], enum: FLEET_EVENT_TYPES, example: ['geofence.exit'] })
  eventTypes: string[];
  allAssets: boolean;
  assetIds: string[];
  groupIds: string[];
  geofenceIds: string[];
  @ApiProperty({ type: () => AlertScheduleView, nullable: true })
  schedule: AlertScheduleView | null;
  /** @example 0 */
  minDurationSeconds: number;
  /** @example 900 */
  cooldownSeconds: number;
  @ApiProperty({ enum: SEVERITIES })
  severity: Severity;
  recipients: AlertRecipientsView;
  createdAt: Date;
  updatedAt: Date;
}

export function toAlertRuleView(rule: Stored<AlertRule>): AlertRuleView {
  return {
    id: rule._id.toHexString(),
    name: rule.name,
    enabled: rule.enabled,
    eventTypes: [...rule.eventTypes],
    allAssets: rule.allAssets,
    assetIds: rule.assetIds.map(String),
    groupIds: rule.groupIds.map(String),
    geofenceIds: (rule.geofenceIds ?? []).map(String),
    schedule: rule.schedule ? { timeZone: rule.schedule.timeZone, days: [...rule.schedule.days], from: rule.schedule.from, to: rule.schedule.to } : null,
    minDurationSeconds: rule.minDurationSeconds,
    cooldownSeconds: rule.cooldownSeconds,
    severity: rule.severity,
    recipients: { userIds: rule.recipients.userIds.map(String), emails: [...rule.recipients.emails] },
    ...recordTimes(rule),
  };
}
