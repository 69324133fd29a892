import { ApiProperty } from '@nestjs/swagger';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Language } from '@app/i18n';
import { SEVERITIES, type Severity } from '../schemas/alert-rule.schema';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '../schemas/notification.schema';

export class NotificationView {
  id: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS })
  kind: NotificationKind;
  /** The alert it tells of; null for a system notice. */
  alertId: string | null;
  ruleId: string | null;
  /** In the caller's language: the severity, what happened and the asset. @example "Crítica: Superó el límite de 80 km/h (97 km/h) — Camión 12" */
  title: string;
  /** In the caller's language: the asset, the time in the client's zone with its offset, the rule. @example "Camión 12 (KXJP-21), 23-11-2026 20:14:05 -03:00 (America/Santiago). Regla: Exceso de velocidad." */
  body: string;
  @ApiProperty({ enum: SEVERITIES })
  severity: Severity;
  assetId: string | null;
  /** null while unread. */
  readAt: Date | null;
  createdAt: Date;
}

/** An entry as one of its recipients sees it: in their language, read or not by them. */
export function toNotificationView(notification: Stored<Notification>, userId: Types.ObjectId, language: Language): NotificationView {
  return {
    id: notification._id.toHexString(),
    kind: notification.kind,
    alertId: notification.alertId?.toHexString() ?? null,
    ruleId: notification.ruleId?.toHexString() ?? null,
    ...(notification.texts?.[language] ?? { title: notification.title, body: notification.body }),
    severity: notification.severity,
    assetId: notification.assetId?.toHexString() ?? null,
    readAt: notification.reads.find((read) => read.userId.equals(userId))?.at ?? null,
    createdAt: notification.createdAt,
  };
}
