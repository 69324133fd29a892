import { Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { newSecret, WebhookDispatcher, WebhookEndpoint } from '../../webhooks';
import { DemoClientContext, DemoManifest } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

/** Where the demo endpoint points when no receiver runs (tests, the command line): the discard port, nothing listens. */
const NO_RECEIVER = 'http://127.0.0.1:9';
const DEMO_PATH = '/demo-webhooks';

/**
 * Each demo client's webhook endpoint, pointing at the demo webhook receiver (a stand-in in the
 * app's process, src/seed/stand-ins): alerts and geofence and speeding events, so that `npm start`
 * shows deliveries as the demo vehicles drive; and a first test ping in its log. After the events
 * seeder, so the seeded history is not delivered. The manifest gets `webhooks: {endpoint, secret, delivery}`.
 */
@DemoSeederProvider({ order: 37 })
export class WebhooksDemoSeeder implements DemoSeeder {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    private readonly dispatcher: WebhookDispatcher,
    private readonly config: AppConfig,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const secret = newSecret();
    const endpoint = await this.endpoints.create(client.scope, {
      url: `${this.config.get('DEMO_WEBHOOK_RECEIVER_URL') ?? NO_RECEIVER}${DEMO_PATH}`,
      description: 'Demo: el receptor de webhooks de prueba de la app',
      eventTypes: ['alert.opened', 'alert.acknowledged', 'alert.resolved', 'event.geofence.enter', 'event.geofence.exit', 'event.speeding.start'],
      enabled: true,
      secrets: [{ secret, expiresAt: null }],
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    this.dispatcher.changed(client.clientId);
    const ping = await this.dispatcher.deliver(
      endpoint,
      { type: 'webhook.test', key: 'demo-seed', data: { endpointId: endpoint._id.toHexString(), message: 'Webhook test from the fleet platform' } },
      { manual: true },
    );
    client.manifest.webhooks = { endpoint: endpoint._id.toHexString(), secret, delivery: ping._id.toHexString() };
  }
}

/**
 * At each demo start: the demo endpoints point at this run's receiver (its port changes per run).
 */
@Injectable()
export class DemoWebhookReceiverLink {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    private readonly dispatcher: WebhookDispatcher,
    private readonly config: AppConfig,
  ) {}

  async repoint(manifest: DemoManifest): Promise<void> {
    const receiver = this.config.get('DEMO_WEBHOOK_RECEIVER_URL');
    if (!receiver) return;
    for (const client of Object.values(manifest.clients)) {
      const endpointId = (client.webhooks as { endpoint?: string } | undefined)?.endpoint;
      if (!endpointId) continue;
      const clientId = new Types.ObjectId(client.id);
      await this.endpoints.updateOne(scopeOfClient(clientId), { _id: new Types.ObjectId(endpointId) }, { $set: { url: `${receiver}${DEMO_PATH}` } });
      this.dispatcher.changed(clientId);
    }
    this.logger.debug(`demo webhook endpoints point at ${receiver}${DEMO_PATH}`);
  }
}
