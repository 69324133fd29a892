import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { DomainEvents, Topic } from '@app/bus';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { Jobs, LeaseCheck } from '@app/jobs';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';

/** An endpoint the platform disabled because every delivery failed for 3 days. */
export interface EndpointDisabledNotice {
  clientId: Types.ObjectId;
  endpointId: Types.ObjectId;
  url: string;
  description: string;
  disabledAt: Date;
  reason: string;
}

/** An endpoint was disabled: told once across instances, by a durable job that runs again while a listener fails (listeners are idempotent). */
export const WEBHOOK_ENDPOINT_DISABLED = new Topic<EndpointDisabledNotice>('webhooks.endpoint-disabled');

/** The job that tells a disabling to the listeners. */
export const ENDPOINT_DISABLED_JOB = 'webhooks.endpoint-disabled';

/** How long the notice's job waits when the disabling's writer does not make it due (it died). */
const NOTICE_GRACE_MS = 60_000;
/** After a listener failed (the database): the notice is told again. */
const NOTICE_RETRY_DELAYS_MS = [10_000, 60_000, 600_000, 3_600_000, 21_600_000];

interface NoticePayload {
  clientId: string;
  endpointId: string;
  disabledAt: string;
}

/**
 * Tells once, durably, that an endpoint was disabled, on `WEBHOOK_ENDPOINT_DISABLED` (the alerts
 * inbox listens and tells the client's admins). The disabling's writer stores the notice's job
 * *before* its write (`expect`), due a minute later, and makes it due at once after the write took
 * (`tellNow`): a crash between the two still tells it, a minute late. The job tells only if the
 * endpoint is disabled at the very instant it was stored for; a write that did not take (a success
 * meanwhile, another instance first) tells nothing. A listener that fails fails the job, which is
 * run again; listeners are idempotent (the inbox keys the notice by endpoint and instant).
 */
@Injectable()
export class WebhookEndpointDisabled implements OnModuleInit {
  private readonly logger = new Logger(WebhookEndpointDisabled.name);

  constructor(
    private readonly jobs: Jobs,
    private readonly bus: DomainEvents,
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
  ) {}

  onModuleInit(): void {
    this.jobs.handle<NoticePayload>(ENDPOINT_DISABLED_JOB, ({ payload, lease }) => this.tell(payload, lease));
  }

  /** Before disabling `endpoint` at `disabledAt`: stores the notice's job. Answers how to tell it now, once the disabling took. */
  async expect(clientId: Types.ObjectId, endpointId: Types.ObjectId, disabledAt: Date): Promise<{ tellNow(): Promise<void> }> {
    const key = `${endpointId.toHexString()}:${disabledAt.getTime()}`;
    const payload: NoticePayload = { clientId: clientId.toHexString(), endpointId: endpointId.toHexString(), disabledAt: disabledAt.toISOString() };
    await this.jobs.enqueue(ENDPOINT_DISABLED_JOB, payload, { key, runAt: new Date(Date.now() + NOTICE_GRACE_MS), retryDelaysMs: NOTICE_RETRY_DELAYS_MS });
    return { tellNow: async () => void (await this.jobs.runNow(ENDPOINT_DISABLED_JOB, key)) };
  }

  private async tell(payload: NoticePayload, lease: LeaseCheck): Promise<void> {
    const [endpoint] = await this.endpoints.findByIds(scopeOfClient(new Types.ObjectId(payload.clientId)), [payload.endpointId]);
    if (!endpoint || endpoint.enabled || endpoint.disabledAt?.toISOString() !== payload.disabledAt) return;
    const notice = {
      clientId: endpoint.clientId,
      endpointId: endpoint._id,
      url: endpoint.url,
      description: endpoint.description,
      disabledAt: endpoint.disabledAt,
      reason: endpoint.disabledReason ?? '',
    };
    lease.assertHeld();
    this.logger.warn(`webhook endpoint ${payload.endpointId} (${notice.url}) of client ${payload.clientId} disabled: ${notice.reason}`);
    // A listener that fails fails the job (after every listener was told), which runs again.
    await this.bus.publish(WEBHOOK_ENDPOINT_DISABLED, notice);
  }
}
