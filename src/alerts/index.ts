// The public surface of alerts: the module, and the inbox's system notices for other domains (webhooks' "endpoint disabled").
export { AlertsModule } from './alerts.module';
export { AlertChannels, type AlertChange } from './alert-channels';
export { SystemNotices } from './inbox/system-notices';
export { AlertRule } from './schemas/alert-rule.schema';
export { Alert } from './schemas/alert.schema';
export { Notification } from './schemas/notification.schema';
