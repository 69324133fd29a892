import type { Stored } from '@app/database';
import { alertInboxTexts, alertSummary, CLIENT_LANGUAGE, DEFAULT_LANGUAGE, inEveryLanguage } from '@app/i18n';
import type { WebhookMessage } from '../../webhooks';
import { alertNotificationId } from '../alert-ids';
import { AlertView, toAlertView } from '../alerts/alert.view';
import type { NewNotification } from '../inbox/inbox.service';
import type { Alert } from '../schemas/alert.schema';
import type { AlertEventView, AlertTale } from './alert-stories';

export type AlertChange = 'opened' | 'acknowledged' | 'resolved';

/** An alert's webhook `data`: the alert as `GET /api/alerts/{id}` answers it, with its asset, its events whole, its driver and a sentence. */
export interface AlertMessageData extends AlertView {
  asset: AlertTale['asset'];
  events: AlertEventView[];
  /** Who drove when the opening event occurred; null when nobody was assigned. */
  driver: AlertTale['driver'];
  summary: string;
}

export function alertWebhookMessage(change: AlertChange, alert: Stored<Alert>, tale: AlertTale): WebhookMessage {
  const data: AlertMessageData = {
    ...toAlertView(alert, { driverId: tale.driver?.id ?? null, driverName: tale.driver?.name ?? null }),
    asset: tale.asset,
    events: tale.events,
    driver: tale.driver,
    summary: alertSummary(tale.story, change, CLIENT_LANGUAGE),
  };
  return { type: `alert.${change}`, data, key: `alert:${alert._id.toHexString()}:${change}` };
}

/** An alert's inbox entry, one for all its recipient users: its texts in every language (each reader sees theirs), Spanish as the default. */
export function alertInboxEntry(alert: Stored<Alert>, tale: AlertTale, recipients: NewNotification['recipients']): NewNotification {
  const texts = inEveryLanguage((lang) => alertInboxTexts(tale.story, lang));
  return {
    _id: alertNotificationId(alert),
    recipients,
    kind: 'alert',
    alertId: alert._id,
    ruleId: alert.ruleId,
    ...texts[DEFAULT_LANGUAGE],
    texts,
    severity: alert.severity,
    assetId: alert.assetId,
  };
}
