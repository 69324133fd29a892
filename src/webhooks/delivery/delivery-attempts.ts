import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import pLimit from 'p-limit';
import { AppConfig } from '@app/config';
import { DatabaseClock, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { JobRun, Jobs, LeaseCheck, Reschedule } from '@app/jobs';
import { WebhookAttempt, WebhookDelivery } from '../schemas/webhook-delivery.schema';
import { WebhookEndpoint } from '../schemas/webhook-endpoint.schema';
import { EndpointFailures } from './endpoint-failures';
import { AttemptResult, WebhookSender } from './webhook-sender';

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

interface DeliverPayload {
  clientId: string;
  deliveryIds?: string[];
  /** A job stored before deliveries were attempted together: one delivery. */
  deliveryId?: string;
}

type Endpoint = Stored<WebhookEndpoint>;

/** What a publish hands its first-attempts job when it runs here: the deliveries it stored and the endpoints it chose them by. */
export interface HeldDeliveries {
  deliveries: Stored<WebhookDelivery>[];
  endpoints: Endpoint[];
}

/** What one attempt leaves to write: the delivery's new fields, the attempt for its log (none when nothing was sent), and when it is tried again. */
interface Outcome {
  delivery: Stored<WebhookDelivery>;
  set: Partial<WebhookDelivery>;
  logged?: WebhookAttempt;
  nextAttemptAt: Date | null;
}

/**
 * The attempts of stored deliveries, by a durable job (`webhooks.deliver`): once across instances,
 * again after a crash, on the retry schedule until a 2xx, a 410 or the schedule's end.
 */
@Injectable()
export class DeliveryAttempts implements OnModuleInit {
  private readonly logger = new Logger(DeliveryAttempts.name);
  private readonly scale: number;
  private readonly concurrency: number;
  /** Attempts in flight on this instance, whatever job they belong to. */
  private readonly attempts: ReturnType<typeof pLimit>;

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: TenantRepository<WebhookDelivery>,
    private readonly jobs: Jobs,
    private readonly sender: WebhookSender,
    private readonly failures: EndpointFailures,
    // Attempt times on the clock the jobs are claimed by: a retry's job comes due when its delivery does.
    private readonly clock: DatabaseClock,
    config: AppConfig,
  ) {
    this.scale = config.get('WEBHOOK_RETRY_SCALE');
    this.concurrency = config.get('WEBHOOK_CONCURRENCY');
    this.attempts = pLimit(this.concurrency);
  }

  onModuleInit(): void {
    this.jobs.handle<DeliverPayload>(DELIVER_JOB, (run) => this.attemptDue(run), { concurrency: this.concurrency, leaseMs: 60_000 });
  }

  /**
   * One job for the first attempts of deliveries just stored, run at once on this instance
   * (`Jobs.enqueueHere`), with the deliveries in hand (`held`) when the caller stored them all.
   */
  async queueFirst(clientId: Types.ObjectId, due: readonly Stored<WebhookDelivery>[], held: HeldDeliveries | undefined): Promise<void> {
    const ids = due.map((delivery) => delivery._id.toHexString());
    await this.jobs.enqueueHere<DeliverPayload>(
      DELIVER_JOB,
      { clientId: clientId.toHexString(), deliveryIds: ids },
      { key: deliveryJobKey(ids), held, retryDelaysMs: DELIVER_JOB_RETRY_DELAYS_MS },
    );
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
      due.map((delivery) => this.attempts(() => this.attempt(delivery, endpointOf.get(delivery.endpointId.toHexString()) ?? null, lease))),
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

  /** One attempt of one delivery: what to write of it, and the endpoint's failures kept. */
  private async attempt(delivery: Stored<WebhookDelivery>, endpoint: Endpoint | null, lease: LeaseCheck): Promise<Outcome> {
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
      await this.failures.succeeded(endpoint);
      return { delivery, set: { ...log, state: 'succeeded', nextAttemptAt: null }, logged, nextAttemptAt: null };
    }
    const delay = this.retryDelay(attempt, result);
    const nextAttemptAt = delay === null ? null : new Date(this.clock.nowMs() + delay);
    this.logger.log(
      `webhook ${delivery.messageId} to endpoint ${endpoint._id.toHexString()}: attempt ${attempt} failed (${result.error})${nextAttemptAt ? `, next at ${nextAttemptAt.toISOString()}` : ', given up'}`,
    );
    await this.failures.failed(endpoint);
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
}

/** A first-attempts job's key: the delivery's id when it is one (its retries reuse that job), else one for the set. */
function deliveryJobKey(ids: readonly string[]): string {
  return ids.length === 1 ? ids[0] : `set:${createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 27)}`;
}
