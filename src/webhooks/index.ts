// The public surface of webhooks: publishing a message to a client's endpoints (alerts), hearing
// of an endpoint the platform disabled (the inbox), the type catalog.
export { WebhooksModule } from './webhooks.module';
export { WebhookDispatcher, type WebhookMessage } from './webhook-dispatcher.service';
export { RETRY_SCHEDULE_MS } from './delivery/delivery-attempts';
export { WEBHOOK_ENDPOINT_DISABLED, WebhookEndpointDisabled, type EndpointDisabledNotice } from './webhook-endpoint-disabled';
export { ALERT_WEBHOOK_TYPES, PING_TYPE, WEBHOOK_EVENT_TYPES } from './webhook-types';
export { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
// The demo seed: an endpoint and its secret.
export { newSecret } from './webhook-dispatcher.service';
