import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { NO_DRIVER, type DriverLabel } from '../../drivers';
import { SEVERITIES, type Severity } from '../schemas/alert-rule.schema';
import { ALERT_STATES, type Alert, type AlertState } from '../schemas/alert.schema';
import { orNull } from '@app/http';

export class AlertCommentView {
  /** @example "Conductor avisado por radio" */
  text: string;
  /** A user's id, or `system`. */
  by: string;
  byName: string;
  at: Date;
  /** @example "acknowledge" */
  action: string;
}

export class AlertView {
  id: string;
  ruleId: string;
  /** @example "Exceso de velocidad" */
  ruleName: string;
  @ApiProperty({ enum: SEVERITIES })
  severity: Severity;
  @ApiProperty({ enum: ALERT_STATES })
  state: AlertState;
  assetId: string;
  /** @example "Camión 12" */
  assetName: string;
  /** The type of the event that opened it. @example "geofence.exit" */
  eventType: string;
  /** The opening event's geofence, for a geofence event; else null. */
  geofenceId: string | null;
  /** The opening event's place, for a place event (`place.arrival`, `place.departure`); null otherwise. */
  placeId: string | null;
  /** The event that opened it, then the one that resolved it when the system did. */
  eventIds: string[];
  /** When the opening event occurred. */
  occurredAt: Date;
  openedAt: Date;
  acknowledgedAt: Date | null;
  /** A user's id. */
  acknowledgedBy: string | null;
  resolvedAt: Date | null;
  /** A user's id, or `system` when its end event came. */
  resolvedBy: string | null;
  @ApiProperty({ type: [AlertCommentView] })
  comments: AlertCommentView[];
  /** The driver assigned to the asset when the opening event occurred (docs/dispatch.md); null when none. */
  driverId: string | null;
  /** @example "Juana Pérez" */
  driverName: string | null;
}

/** The alert as shown; its driver comes from the assignments when it is read (null until labelled). */
export function toAlertView(alert: Stored<Alert>, driver: DriverLabel = NO_DRIVER): AlertView {
  return {
    id: alert._id.toHexString(),
    ruleId: alert.ruleId.toHexString(),
    ruleName: alert.ruleName,
    severity: alert.severity,
    state: alert.state,
    assetId: alert.assetId.toHexString(),
    assetName: alert.assetName,
    eventType: alert.eventType,
    geofenceId: alert.geofenceId?.toHexString() ?? null,
    placeId: alert.placeId?.toHexString() ?? null,
    eventIds: alert.eventIds.map(String),
    occurredAt: alert.occurredAt,
    openedAt: alert.openedAt,
    ...orNull(alert, 'acknowledgedAt', 'acknowledgedBy', 'resolvedAt', 'resolvedBy'),
    comments: (alert.comments ?? []).map((comment) => ({ ...comment })),
    driverId: driver.driverId,
    driverName: driver.driverName,
  };
}
