import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import pLimit from 'p-limit';
import { ClientTimeZones } from '@app/auth';
import { AppConfig } from '@app/config';
import { DatabaseClock, ExpiringCache, groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { CLIENT_LANGUAGE, eventSummary } from '@app/i18n';
import { JobRun, Jobs, LeaseCheck, Reschedule } from '@app/jobs';
import { FleetEventsRecorded, StoredFleetEvent, toFleetEventView } from '../events';
import { allowedNetworks } from './delivery/network-guard';
import { AttemptResult, WebhookSender } from './delivery/webhook-sender';
import { WebhookAttempt, WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
import { WebhookEndpointDisabled } from './webhook-endpoint-disabled';

/**
 * The job that attempts deliveries: a publish's first attempts in one job (one claim and one
 * removal for all its deliveries, not one each), each retry in a job of its own keyed by the
 * delivery's id.
 */
export const DELIVER_JOB = 'webhooks.deliver';

/** After a deliver job itself failed (the database, not the receiver): its deliveries are still pending and must not be left so. */
const DELIVER_JOB_RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 600_000, 3_600_000];

/** After the 1st, 2nd, … failed attempt (DESIGN.md): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h, 24 h; then `failed`. */
export const RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000, 86_400_000];

/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** What a publisher sends: `key` makes it idempotent (a retry of the cause is the same message). */
export interface WebhookMessage {
  type: string;
  data: unknown;
  key: string;
}

interface DeliverPayload {
  clientId: string;
  deliveryIds?: string[];
  /** A job stored before deliveries were attempted together: one delivery. */
  deliveryId?: string;
}

/** What one attempt leaves to write: the delivery's new fields, the attempt for its log (none when nothing was sent), and when it is tried again. */
interface Outcome {
  delivery: Stored<WebhookDelivery>;
  set: Partial<WebhookDelivery>;
  logged?: WebhookAttempt;
  nextAttemptAt: Date | null;
}

type Endpoint = Stored<WebhookEndpoint>;

/** What a publish hands its first-attempts job when it runs here: the deliveries it stored and the endpoints it chose them by. */
interface HeldDeliveries {
  deliveries: Stored<WebhookDelivery>[];
  endpoints: Endpoint[];
}

/** A user's delivery (a test ping, a redelivery: sent even to a disabled endpoint), and a redelivery's message id and body. */
interface DeliveryOptions {
  manual?: boolean;
  messageId?: string;
  body?: string;
}

/**
 * Webhook messages from publish to receipt (docs/notifications.md): one delivery per subscribed,
 * enabled endpoint, stored with its body and `webhook-id` before anything is sent, then attempted
 * by a durable job (`webhooks.deliver`) — once across instances, again after a crash — on the
 * retry schedule until a 2xx, a 410 or the schedule's end.
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  readonly sender: WebhookSender;
  private readonly scale: number;
  private readonly concurrency: number;
  /** Attempts in flight on this instance, whatever job they belong to. */
  private readonly attempts: ReturnType<typeof pLimit>;
  /** A client's enabled endpoints: read at most once per read-cache lifetime on the ingestion path. */
  private readonly endpointsOf: ExpiringCache<Endpoint[]>;

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: TenantRepository<WebhookDelivery>,
    private readonly jobs: Jobs,
    private readonly recorded: FleetEventsRecorded,
    private readonly disabled: WebhookEndpointDisabled,
    private readonly zones: ClientTimeZones,
    // Attempt times on the clock the jobs are claimed by: a retry's job comes due when its delivery does.
    private readonly clock: DatabaseClock,
    config: AppConfig,
  ) {
    this.sender = new WebhookSender({
      allowed: allowedNetworks(config.webhookAllowedNetworks),
      requireHttps: config.isProduction,
      timeoutMs: config.get('WEBHOOK_TIMEOUT_MS'),
    });
    this.scale = config.get('WEBHOOK_RETRY_SCALE');
    this.concurrency = config.get('WEBHOOK_CONCURRENCY');
    this.attempts = pLimit(this.concurrency);
    this.endpointsOf = new ExpiringCache(config.readCacheTtlMs);
  }

  onModuleInit(): void {
    this.jobs.handle<DeliverPayload>(DELIVER_JOB, (run) => this.attemptDue(run), { concurrency: this.concurrency, leaseMs: 60_000 });
    this.recorded.subscribe((events) => this.onFleetEvents(events));
  }

  onApplicationShutdown(): void {
    this.sender.close();
  }

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
    const endpoints = await this.enabledEndpoints(clientId);
    const targets = messages.flatMap((message) =>
      endpoints.filter((endpoint) => endpoint.eventTypes.includes(message.type)).map((endpoint) => ({ endpoint, message })),
    );
    await this.deliverEach(clientId, targets);
    return targets.length;
  }

  /** Whether an enabled endpoint of the client subscribes to one of these types (from the cached endpoints): a caller skips building messages nobody takes. */
  async subscribes(clientId: Types.ObjectId, types: readonly string[]): Promise<boolean> {
    const endpoints = await this.enabledEndpoints(clientId);
    return endpoints.some((endpoint) => types.some((type) => endpoint.eventTypes.includes(type)));
  }

  /** Forgets this instance's cached endpoints of a client (after a change through the API). */
  changed(clientId: Types.ObjectId): void {
    this.endpointsOf.evict(clientId.toHexString());
  }

  /**
   * Stores one delivery (or finds the one already stored under this key) and queues its first
   * attempt. `messageId` is given for a redelivery (the same message again).
   */
  async deliver(endpoint: Endpoint, message: WebhookMessage, options: DeliveryOptions = {}): Promise<Stored<WebhookDelivery>> {
    return (await this.deliverEach(endpoint.clientId, [{ endpoint, message }], options))[0];
  }

  /**
   * `deliver` of messages to endpoints of one client: one unordered insert of the deliveries (the
   * unique index on endpoint and key refuses one already there), one job for the first attempts of
   * those not yet attempted, run at once on this instance (`Jobs.enqueueHere`), with the
   * deliveries in hand when this call stored them all. A delivery already there (the cause told
   * again, another instance) is read back on the unique index's exact keys, one by one: an `$in`
   * would scan on the embedded server.
   */
  private async deliverEach(
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
    // An insert, not an upsert: less of the embedded server's CPU per delivery (docs/performance.md, "The webhook path in fewer commands").
    const existing = await this.deliveries.insertNew(scope, documents);
    const deliveries = await Promise.all(
      documents.map(async (document, index) =>
        existing.has(index) ? (await this.deliveries.findOne(scope, { endpointId: document.endpointId, key: document.key }))! : { ...document, clientId },
      ),
    );
    // Not yet attempted (one attempted already has its retry's job): their first attempts, one job.
    const due = deliveries.filter((delivery) => delivery.state === 'pending' && delivery.attempt === 0);
    if (due.length > 0) {
      const ids = due.map((delivery) => delivery._id.toHexString());
      // Handed over in memory only when this call stored them all. One read back may be stale: its
      // first attempt, under way when it was read, may have ended and its job gone since, and a new
      // job run from that copy would send it again. Without `held` the job reads what is stored.
      const held: HeldDeliveries | undefined =
        existing.size === 0
          ? { deliveries: due, endpoints: [...new Map(targets.map(({ endpoint }) => [endpoint._id.toHexString(), endpoint])).values()] }
          : undefined;
      await this.jobs.enqueueHere<DeliverPayload>(
        DELIVER_JOB,
        { clientId: clientId.toHexString(), deliveryIds: ids },
        { key: deliveryJobKey(ids), held, retryDelaysMs: DELIVER_JOB_RETRY_DELAYS_MS },
      );
    }
    return deliveries;
  }

  /** Fleet events as `event.<type>` to the endpoints that asked for them: queued only, nothing sent here (this runs before ingestion's acknowledgement). */
  private async onFleetEvents(events: readonly StoredFleetEvent[]): Promise<void> {
    await Promise.all(
      [...groupBy(events, (event) => event.clientId.toHexString()).values()].map(async (clientEvents) => {
        const endpoints = (await this.enabledEndpoints(clientEvents[0].clientId)).filter((endpoint) =>
          endpoint.eventTypes.some((type) => type.startsWith('event.')),
        );
        if (endpoints.length === 0) return;
        const timeZone = await this.zones.of(clientEvents[0].clientId);
        const targets = clientEvents.flatMap((event) => {
          const summary = eventSummary(
            { ...event, placeName: typeof event.details?.geofenceName === 'string' ? event.details.geofenceName : null },
            timeZone,
            CLIENT_LANGUAGE,
          );
          const message = { type: `event.${event.type}`, data: { ...toFleetEventView(event), summary }, key: `event:${event._id.toHexString()}` };
          return endpoints.filter((endpoint) => endpoint.eventTypes.includes(message.type)).map((endpoint) => ({ endpoint, message }));
        });
        await this.deliverEach(clientEvents[0].clientId, targets);
      }),
    );
  }

  private async enabledEndpoints(clientId: Types.ObjectId): Promise<Endpoint[]> {
    return this.endpointsOf.get(clientId.toHexString(), () => this.endpoints.find(scopeOfClient(clientId), { enabled: true }));
  }

  /**
   * A job's deliveries that are due: each attempted (at most WEBHOOK_CONCURRENCY at once on this
   * instance), their outcomes written in one bulk write. A job of exactly one delivery, keyed by
   * it, is that delivery's own: it attempts it whenever due and runs again at the next attempt. A
   * job of several (a publish's first attempts) attempts only first attempts, and hands each
   * failed one to its own job once the outcome is stored, so that one delivery never has two
   * attempters: a retry never starts from the state before the attempt it follows, and a late
   * outcome never overwrites a later one. A crash between the outcome and the hand-over leaves the
   * set's job, whose run after its lease hands over what it finds already attempted. Each POST and
   * each write first checks the run's lease: a run taken over (its process paused past the lease)
   * neither posts again nor writes its outcomes over those of the run that took over.
   */
  private async attemptDue({ key, payload, held, lease }: JobRun<DeliverPayload>): Promise<Reschedule | void> {
    const scope = scopeOfClient(new Types.ObjectId(payload.clientId));
    const ids = payload.deliveryIds ?? [payload.deliveryId!];
    const ownJob = ids.length === 1 && key === ids[0];
    const now = this.clock.nowMs();
    // The deliveries just stored come with the job when it runs where they were stored (`held`).
    const handed = held as HeldDeliveries | undefined;
    const stored = handed?.deliveries ?? (await this.deliveries.findByIds(scope, ids));
    const pending = stored.filter((delivery) => delivery.state === 'pending');
    const due = pending.filter((delivery) => (ownJob || delivery.attempt === 0) && (delivery.nextAttemptAt?.getTime() ?? 0) <= now);
    // Their endpoints: those the publish chose them by, when handed over (this instance's copy, at most
    // READ_CACHE_TTL_SECONDS old), else read once for the job, fresh; a change through the API applies to the next attempt.
    const endpoints = handed?.endpoints ?? (await this.endpoints.findByIds(scope, [...new Set(due.map((delivery) => delivery.endpointId.toHexString()))]));
    const endpointOf = new Map(endpoints.map((endpoint) => [endpoint._id.toHexString(), endpoint]));
    const outcomes = await Promise.all(
      due.map((delivery) => this.attempts(() => this.attempt(scope, delivery, endpointOf.get(delivery.endpointId.toHexString()) ?? null, lease))),
    );
    // By `_id` (a lookup: a condition beside it makes mongo-java-server scan the deliveries); a run
    // whose lease was taken over stops before this write (`assertHeld`).
    lease.assertHeld();
    await this.deliveries.updateEach(
      scope,
      outcomes.map(({ delivery, set, logged }) => ({ record: delivery, update: logged ? { $set: set, $push: { attempts: logged } } : { $set: set } })),
    );
    const retries = outcomes.filter((outcome): outcome is Outcome & { nextAttemptAt: Date } => outcome.nextAttemptAt !== null);
    // A delivery's own job ends only with it: claimed a moment before the delivery was due (two
    // instances' readings of the clock differ by milliseconds), it runs again when it is.
    if (ownJob) {
      const next = retries[0]?.nextAttemptAt ?? pending.find((delivery) => !due.includes(delivery))?.nextAttemptAt;
      return next ? { rescheduleAt: next } : undefined;
    }
    const leftAttempted = pending
      .filter((delivery) => delivery.attempt > 0)
      .map((delivery) => ({ delivery, nextAttemptAt: delivery.nextAttemptAt ?? new Date(now) }));
    lease.assertHeld();
    await this.jobs.enqueueMany<DeliverPayload>(
      DELIVER_JOB,
      [...retries, ...leftAttempted].map(({ delivery, nextAttemptAt }) => ({
        payload: { clientId: payload.clientId, deliveryIds: [delivery._id.toHexString()] },
        key: delivery._id.toHexString(),
        runAt: nextAttemptAt,
        retryDelaysMs: DELIVER_JOB_RETRY_DELAYS_MS,
      })),
    );
  }

  /** One attempt of one delivery: what to write of it, and the endpoint's failure count kept. */
  private async attempt(scope: TenantScope, delivery: Stored<WebhookDelivery>, endpoint: Endpoint | null, lease: LeaseCheck): Promise<Outcome> {
    lease.assertHeld();
    if (!endpoint || (!endpoint.enabled && !delivery.manual)) {
      return {
        delivery,
        set: { state: 'failed', nextAttemptAt: null, error: endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted' },
        nextAttemptAt: null,
      };
    }
    const attempt = delivery.attempt + 1;
    const secrets = endpoint.secrets.filter((s) => s.expiresAt === null || s.expiresAt.getTime() > Date.now()).map((s) => s.secret);
    const at = this.clock.now();
    const result = await this.sender.post(endpoint.url, { messageId: delivery.messageId, body: delivery.body, secrets });
    const log = { attempt, responseStatus: result.status, durationMs: result.durationMs, error: result.error };
    lease.assertHeld();
    const logged = { ...log, at };
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      if (endpoint.failingSince) {
        await this.endpoints.updateRecord(scope, endpoint, { $set: { failingSince: null } });
        this.changed(endpoint.clientId);
      }
      return { delivery, set: { ...log, state: 'succeeded', nextAttemptAt: null }, logged, nextAttemptAt: null };
    }
    const delay = this.retryDelay(attempt, result);
    const nextAttemptAt = delay === null ? null : new Date(this.clock.nowMs() + delay);
    this.logger.log(
      `webhook ${delivery.messageId} to endpoint ${endpoint._id.toHexString()}: attempt ${attempt} failed (${result.error})${nextAttemptAt ? `, next at ${nextAttemptAt.toISOString()}` : ', given up'}`,
    );
    await this.failed(endpoint);
    return { delivery, set: { ...log, state: nextAttemptAt ? 'pending' : 'failed', nextAttemptAt }, logged, nextAttemptAt };
  }

  /**
   * The wait before the next attempt, or null: none (a 410, the schedule spent). Anything else is
   * tried again, as DESIGN.md says: a name that did not resolve, or resolved to an address the
   * guard refuses, may resolve elsewhere at the next attempt, which is checked again.
   */
  private retryDelay(attempt: number, result: AttemptResult): number | null {
    if (result.status === 410) return null;
    const delay = RETRY_SCHEDULE_MS[attempt - 1];
    return delay === undefined ? null : Math.max(Math.round(delay * this.scale), 1);
  }

  /** Counts a failure against the endpoint: after 3 days of nothing but failures it is disabled, its owner told once. */
  private async failed(endpoint: Endpoint): Promise<void> {
    const scope = scopeOfClient(endpoint.clientId);
    const now = new Date();
    if (!endpoint.failingSince) {
      const { modified } = await this.endpoints.updateOne(scope, { _id: endpoint._id, failingSince: null }, { $set: { failingSince: now } });
      // This instance's copy of the endpoints is read again, so that the next success clears it.
      if (modified > 0) this.changed(endpoint.clientId);
      return;
    }
    if (!endpoint.enabled || now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return;
    const reason = `Every delivery failed since ${endpoint.failingSince.toISOString()} (3 days)`;
    // The notice's job before the write, so that a crash after it still tells the admins.
    const notice = await this.disabled.expect(endpoint.clientId, endpoint._id, now);
    // Only if nothing succeeded meanwhile (the endpoint read here may be a few seconds old): `failingSince` still the one read.
    const { modified } = await this.endpoints.updateOne(
      scope,
      { _id: endpoint._id, enabled: true, failingSince: endpoint.failingSince },
      { $set: { enabled: false, disabledAt: now, disabledReason: reason } },
    );
    if (modified === 0) return;
    this.changed(endpoint.clientId);
    await notice.tellNow();
  }
}

/** A first-attempts job's key: the delivery's id when it is one (its retries reuse that job), else one for the set. */
function deliveryJobKey(ids: readonly string[]): string {
  return ids.length === 1 ? ids[0] : `set:${createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 27)}`;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
