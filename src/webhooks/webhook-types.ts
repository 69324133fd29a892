import { FLEET_EVENT_TYPES } from '../events';

/** What alerts publish (the alerts domain calls WebhookDispatcher.publish with these). */
export const ALERT_WEBHOOK_TYPES = ['alert.opened', 'alert.acknowledged', 'alert.resolved'] as const;

/** Every type an endpoint may subscribe to: the alert life cycle and each fleet event as `event.<type>`. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = [...ALERT_WEBHOOK_TYPES, ...FLEET_EVENT_TYPES.map((type) => `event.${type}`)];

/** The type of a test ping (`POST …/{id}/test`): sent whatever the endpoint subscribes to. */
export const PING_TYPE = 'webhook.test';
