import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { DriversModule } from '../drivers';
import { EventsModule } from '../events';
import { WebhookDeliveryRetention } from './delivery-retention';
import { WebhookDelivery, WebhookDeliverySchema } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint, WebhookEndpointSchema } from './schemas/webhook-endpoint.schema';
import { AppConfig } from '@app/config';
import { DeliveryAttempts } from './delivery/delivery-attempts';
import { EndpointFailures } from './delivery/endpoint-failures';
import { allowedNetworks } from './delivery/network-guard';
import { WebhookSender } from './delivery/webhook-sender';
import { EnabledEndpoints } from './enabled-endpoints';
import { FleetEventWebhooks } from './fleet-event-webhooks';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookEndpointDisabled } from './webhook-endpoint-disabled';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';

// Each delivery job reads its delivery and its endpoint by id: the reads of the deliveries in
// flight together go as one `$in` query each (the records are only read).
const webhookData = TenantDataModule.forFeature([
  { name: WebhookEndpoint.name, schema: WebhookEndpointSchema, repository: { batchReadsById: true } },
  { name: WebhookDelivery.name, schema: WebhookDeliverySchema, repository: { batchReadsById: true } },
]);

/** The one sender of the instance (its kept-alive connections), under the configured network guard. */
const senderOf = (config: AppConfig) =>
  new WebhookSender({
    allowed: allowedNetworks(config.webhookAllowedNetworks),
    requireHttps: config.isProduction,
    timeoutMs: config.get('WEBHOOK_TIMEOUT_MS'),
  });

/** Webhook endpoints (`/api/webhook-endpoints`, `access_alerts`) and the signed, retried deliveries to them. */
@Module({
  imports: [DriversModule, EventsModule, webhookData],
  controllers: [WebhookEndpointsController],
  providers: [
    { provide: WebhookSender, inject: [AppConfig], useFactory: senderOf },
    EnabledEndpoints,
    EndpointFailures,
    DeliveryAttempts,
    WebhookDispatcher,
    FleetEventWebhooks,
    WebhookEndpointsService,
    WebhookEndpointDisabled,
    WebhookDeliveryRetention,
  ],
  exports: [webhookData, WebhookDispatcher, WebhookEndpointDisabled],
})
export class WebhooksModule {}
