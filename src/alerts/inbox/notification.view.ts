import { ApiProperty } from '@nestjs/swagger';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { SEVERITIES, type Severity } from '../schemas/alert-rule.schema';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '../schemas/notification.schema';

export class NotificationView {
  id: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS })
  kind: NotificationKind;
  /** The alert it tells of; null for a system notice. */
  alertId: string | null;
  ruleId: string | null;
  /** @example "Crítica: Exceso de velocidad — Camión 12" */
  title: string;
  /** @example "speeding.start at 2026-11-23T23:14:05.000Z" */
  body: string;
  @ApiProperty({ enum: SEVERITIES })
  severity: Severity;
  assetId: string | null;
  /** null while unread. */
  readAt: Date | null;
  createdAt: Date;
}

/** An entry as one of its recipients sees it: read or not by them. */
export function toNotificationView(notification: Stored<Notification>, userId: Types.ObjectId): NotificationView {
  return {
    id: notification._id.toHexString(),
    kind: notification.kind,
    alertId: notification.alertId?.toHexString() ?? null,
    ruleId: notification.ruleId?.toHexString() ?? null,
    title: notification.title,
    body: notification.body,
    severity: notification.severity,
    assetId: notification.assetId?.toHexString() ?? null,
    readAt: notification.reads.find((read) => read.userId.equals(userId))?.at ?? null,
    createdAt: notification.createdAt,
  };
}
