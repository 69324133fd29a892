import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { EventsModule } from '../events';
import { WebhookDeliveryRetention } from './delivery-retention';
import { WebhookDelivery, WebhookDeliverySchema } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint, WebhookEndpointSchema } from './schemas/webhook-endpoint.schema';
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

/** Webhook endpoints (`/api/webhook-endpoints`, `access_alerts`) and the signed, retried deliveries to them. */
@Module({
  imports: [EventsModule, webhookData],
  controllers: [WebhookEndpointsController],
  providers: [WebhookDispatcher, WebhookEndpointsService, WebhookEndpointDisabled, WebhookDeliveryRetention],
  exports: [webhookData, WebhookDispatcher, WebhookEndpointDisabled],
})
export class WebhooksModule {}
