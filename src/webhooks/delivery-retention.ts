import { Injectable, OnModuleInit } from '@nestjs/common';
import { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { idsBefore, InjectUnscopedModel } from '@app/database';
import { Retention } from '@app/jobs';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';

/**
 * Webhook deliveries are kept WEBHOOK_DELIVERY_RETENTION_DAYS after they were made (their `_id`'s
 * time), then removed with their endpoint's log lines, every client's in one delete (the retention
 * job). Their retries are over long before: the schedule ends within 4 days.
 */
@Injectable()
export class WebhookDeliveryRetention implements OnModuleInit {
  constructor(
    // Every client's old deliveries: the retention's one delete across clients.
    @InjectUnscopedModel(WebhookDelivery) private readonly allDeliveries: Model<WebhookDelivery>,
    private readonly retention: Retention,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.retention.keep(
      'webhook deliveries',
      this.config.retentionMs('WEBHOOK_DELIVERY_RETENTION_DAYS'),
      async (before) => (await this.allDeliveries.deleteMany(idsBefore(before)).exec()).deletedCount,
    );
  }
}
