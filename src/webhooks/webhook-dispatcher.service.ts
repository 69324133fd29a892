import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { DatabaseClock, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { DeliveryAttempts, HeldDeliveries } from './delivery/delivery-attempts';
import { EnabledEndpoints } from './enabled-endpoints';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';

/** What a publisher sends: `key` makes it idempotent (a retry of the cause is the same message). */
export interface WebhookMessage {
  type: string;
  data: unknown;
  key: string;
}

type Endpoint = Stored<WebhookEndpoint>;

/** A user's delivery (a test ping, a redelivery: sent even to a disabled endpoint), and a redelivery's message id and body. */
interface DeliveryOptions {
  manual?: boolean;
  messageId?: string;
  body?: string;
}

/**
 * Webhook messages from publish to receipt (docs/notifications.md): one delivery per subscribed,
 * enabled endpoint, stored with its body and `webhook-id` before anything is sent; their attempts
 * are `DeliveryAttempts`' (a durable job, on the retry schedule).
 */
@Injectable()
export class WebhookDispatcher {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: TenantRepository<WebhookDelivery>,
    private readonly enabled: EnabledEndpoints,
    private readonly attempts: DeliveryAttempts,
    private readonly clock: DatabaseClock,
  ) {}

  /**
   * Queues `message` to every enabled endpoint of the client that subscribed to its type. The same
   * key again (a retry of the cause, another instance) finds the deliveries already made and
   * sends nothing new. Answers how many endpoints it goes to.
   */
  publish(clientId: Types.ObjectId, message: WebhookMessage): Promise<number> {
    return this.publishMany(clientId, [message]);
  }

  /** `publish` of many messages of one client (an ingestion batch's alerts) in one write of their deliveries and one job for their first attempts; answers how many deliveries. */
  async publishMany(clientId: Types.ObjectId, messages: readonly WebhookMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    const endpoints = await this.enabled.of(clientId);
    const targets = messages.flatMap((message) =>
      endpoints.filter((endpoint) => endpoint.eventTypes.includes(message.type)).map((endpoint) => ({ endpoint, message })),
    );
    await this.deliverTo(clientId, targets);
    return targets.length;
  }

  /** Whether an enabled endpoint of the client subscribes to one of these types (from the cached endpoints): a caller skips building messages nobody takes. */
  subscribes(clientId: Types.ObjectId, types: readonly string[]): Promise<boolean> {
    return this.enabled.subscribe(clientId, types);
  }

  /** Forgets this instance's cached endpoints of a client (after a change through the API). */
  changed(clientId: Types.ObjectId): void {
    this.enabled.changed(clientId);
  }

  /**
   * Stores one delivery (or finds the one already stored under this key) and queues its first
   * attempt. `messageId` is given for a redelivery (the same message again).
   */
  async deliver(endpoint: Endpoint, message: WebhookMessage, options: DeliveryOptions = {}): Promise<Stored<WebhookDelivery>> {
    return (await this.deliverTo(endpoint.clientId, [{ endpoint, message }], options))[0];
  }

  /**
   * `deliver` of messages to endpoints of one client: one unordered insert of the deliveries (the
   * unique index on endpoint and key refuses one already there), one job for the first attempts of
   * those not yet attempted, run at once on this instance (`Jobs.enqueueHere`), with the
   * deliveries in hand when this call stored them all. A delivery already there (the cause told
   * again, another instance) is read back on the unique index's exact keys, one by one: an `$in`
   * would scan on the embedded server.
   */
  async deliverTo(
    clientId: Types.ObjectId,
    targets: ReadonlyArray<{ endpoint: Endpoint; message: WebhookMessage }>,
    { manual = false, messageId, body }: DeliveryOptions = {},
  ): Promise<Stored<WebhookDelivery>[]> {
    if (targets.length === 0) return [];
    const scope = scopeOfClient(clientId);
    const createdAt = this.clock.now();
    const documents = targets.map(({ endpoint, message: { type, data, key } }) => {
      const id = messageId ?? `msg_${createHash('sha256').update(`${endpoint._id.toHexString()}:${key}`).digest('base64url').slice(0, 27)}`;
      const fields = {
        messageId: id,
        type,
        body: body ?? JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data }),
        attempt: 0,
        attempts: [],
        state: 'pending' as const,
        responseStatus: null,
        durationMs: null,
        error: null,
        nextAttemptAt: createdAt,
        manual,
        createdAt,
      };
      return { _id: new Types.ObjectId(), endpointId: endpoint._id, key, ...fields };
    });
    // An insert, not an upsert: less of the embedded server's CPU per delivery (docs/performance.md, "Alerts and notifications").
    const existing = await this.deliveries.insertNew(scope, documents);
    const deliveries = await Promise.all(
      documents.map(async (document, index) =>
        existing.has(index) ? (await this.deliveries.findOne(scope, { endpointId: document.endpointId, key: document.key }))! : { ...document, clientId },
      ),
    );
    // Not yet attempted (one attempted already has its retry's job): their first attempts, one job.
    const due = deliveries.filter((delivery) => delivery.state === 'pending' && delivery.attempt === 0);
    if (due.length > 0) {
      // Handed over in memory only when this call stored them all. One read back may be stale: its
      // first attempt, under way when it was read, may have ended and its job gone since, and a new
      // job run from that copy would send it again. Without `held` the job reads what is stored.
      const held: HeldDeliveries | undefined =
        existing.size === 0
          ? { deliveries: due, endpoints: [...new Map(targets.map(({ endpoint }) => [endpoint._id.toHexString(), endpoint])).values()] }
          : undefined;
      await this.attempts.queueFirst(clientId, due, held);
    }
    return deliveries;
  }
}

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
