import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { assertMayWrite, type AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantRepository } from '@app/database';
import { badRequest, notFound, validationFailed } from '@app/errors';
import { CreateWebhookEndpointDto, ListWebhookDeliveriesDto, ListWebhookEndpointsDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
import { WebhookSender } from './delivery/webhook-sender';
import { newSecret, WebhookDispatcher } from './webhook-dispatcher.service';
import { PING_TYPE } from './webhook-types';
import { normalizedUrl, typedUrlProblem } from './webhook-url';
import { toDeliveryView, WebhookDeliveryView } from './webhook-delivery.view';
import { toEndpointView, WebhookEndpointView, WebhookEndpointWithSecretView } from './webhook-endpoint.view';

/** Endpoints a client may have. */
export const MAX_ENDPOINTS_PER_CLIENT = 50;
/** How long the secret a rotation replaces keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** A client's webhook endpoints (`/api/webhook-endpoints`, docs/notifications.md). */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: TenantRepository<WebhookDelivery>,
    private readonly dispatcher: WebhookDispatcher,
    private readonly sender: WebhookSender,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretView> {
    assertMayWrite(auth, 'webhook_endpoints.manage');
    const url = await this.checkedUrl(body.url);
    await this.endpoints.checkRoomFor(auth, MAX_ENDPOINTS_PER_CLIENT, 'webhook endpoints');
    const secret = newSecret();
    const endpoint = await this.endpoints.create(auth, {
      url,
      description: body.description ?? '',
      eventTypes: body.eventTypes,
      enabled: body.enabled ?? true,
      secrets: [{ secret, expiresAt: null }],
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    this.dispatcher.changed(auth.clientId);
    const view = toEndpointView(endpoint);
    await this.activity.created(auth, { type: 'webhook_endpoint', id: endpoint._id }, `Webhook endpoint ${endpoint.url} created`, view);
    return { ...view, secret };
  }

  list(auth: AuthContext, query: ListWebhookEndpointsDto): Promise<Page<Stored<WebhookEndpoint>>> {
    return this.endpoints.list(auth, {}, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<WebhookEndpointView> {
    return toEndpointView(await this.find(auth, id));
  }

  async update(auth: AuthContext, id: string, body: UpdateWebhookEndpointDto): Promise<WebhookEndpointView> {
    assertMayWrite(auth, 'webhook_endpoints.manage');
    if (Object.values(body).every((value) => value === undefined))
      throw badRequest('Nothing to change: send at least one of url, description, eventTypes, enabled');
    const endpoint = await this.find(auth, id);
    const set: Record<string, unknown> = { ...body };
    if (body.url !== undefined) set.url = await this.checkedUrl(body.url);
    // Enabled again by a person: the failure count starts over.
    if (body.enabled === true && !endpoint.enabled) Object.assign(set, { failingSince: null, disabledAt: null, disabledReason: null });
    const updated = (await this.endpoints.updateRecord(auth, endpoint, { $set: set })) ?? endpoint;
    this.dispatcher.changed(auth.clientId);
    const [before, after] = [toEndpointView(endpoint), toEndpointView(updated)];
    await this.activity.updated(auth, { type: 'webhook_endpoint', id: endpoint._id }, `Webhook endpoint ${updated.url} changed`, before, after);
    return after;
  }

  /** Deletes the endpoint and its delivery log; its pending deliveries are not sent. */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    assertMayWrite(auth, 'webhook_endpoints.manage');
    const endpoint = await this.find(auth, id);
    await this.endpoints.deleteMany(auth, { _id: endpoint._id });
    await this.deliveries.deleteMany(auth, { endpointId: endpoint._id });
    this.dispatcher.changed(auth.clientId);
    await this.activity.deleted(auth, { type: 'webhook_endpoint', id: endpoint._id }, `Webhook endpoint ${endpoint.url} deleted`, toEndpointView(endpoint));
    return { id: endpoint._id.toHexString() };
  }

  /** A new secret, answered once; the one it replaces keeps signing beside it for 24 h (a secret older than that is dropped). */
  async rotateSecret(auth: AuthContext, id: string): Promise<WebhookEndpointWithSecretView> {
    assertMayWrite(auth, 'webhook_endpoints.manage');
    const endpoint = await this.find(auth, id);
    const now = Date.now();
    const current = endpoint.secrets.find((s) => s.expiresAt === null);
    const secret = newSecret();
    const secrets = [{ secret, expiresAt: null }, ...(current ? [{ secret: current.secret, expiresAt: new Date(now + ROTATION_OVERLAP_MS) }] : [])];
    const updated = (await this.endpoints.updateRecord(auth, endpoint, { $set: { secrets } })) ?? endpoint;
    this.dispatcher.changed(auth.clientId);
    const view = toEndpointView(updated);
    await this.activity.record(auth, {
      action: 'webhook_endpoint.rotate_secret',
      resourceType: 'webhook_endpoint',
      resourceId: endpoint._id,
      summary: `Webhook endpoint ${endpoint.url}: signing secret rotated`,
      after: view,
    });
    return { ...view, secret };
  }

  /** A ping (`webhook.test`), sent whatever the endpoint subscribes to, and even while it is disabled. */
  async test(auth: AuthContext, id: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.find(auth, id);
    const key = `test:${new Types.ObjectId().toHexString()}`;
    const delivery = await this.dispatcher.deliver(
      endpoint,
      { type: PING_TYPE, key, data: { endpointId: endpoint._id.toHexString(), message: 'Webhook test from the fleet platform' } },
      { manual: true },
    );
    await this.activity.record(auth, {
      action: 'webhook_endpoint.test',
      resourceType: 'webhook_endpoint',
      resourceId: endpoint._id,
      summary: `Webhook endpoint ${endpoint.url}: test ping sent`,
    });
    return toDeliveryView(delivery);
  }

  async listDeliveries(auth: AuthContext, id: string, query: ListWebhookDeliveriesDto): Promise<Page<Stored<WebhookDelivery>>> {
    const endpoint = await this.find(auth, id);
    return this.deliveries.list(auth, { endpointId: endpoint._id }, { limit: query.limit, cursor: query.cursor });
  }

  /** The same message again (same `webhook-id` and body, signed anew) as a new delivery with attempts of its own. */
  async redeliver(auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.find(auth, id);
    const original = Types.ObjectId.isValid(deliveryId)
      ? await this.deliveries.findOne(auth, { _id: new Types.ObjectId(deliveryId), endpointId: endpoint._id })
      : null;
    if (!original) throw notFound('Webhook delivery');
    const key = `redeliver:${original._id.toHexString()}:${new Types.ObjectId().toHexString()}`;
    const delivery = await this.dispatcher.deliver(
      endpoint,
      { type: original.type, key, data: null },
      { manual: true, messageId: original.messageId, body: original.body },
    );
    await this.activity.record(auth, {
      action: 'webhook_endpoint.redeliver',
      resourceType: 'webhook_endpoint',
      resourceId: endpoint._id,
      summary: `Webhook endpoint ${endpoint.url}: message ${original.messageId} delivered again`,
    });
    return toDeliveryView(delivery);
  }

  private find(auth: AuthContext, id: string): Promise<Stored<WebhookEndpoint>> {
    return this.endpoints.findByIdOrFail(auth, id, 'Webhook endpoint');
  }

  /**
   * A typed URL's normalized form, once it passes the typed-URL rules and the network guard
   * (scheme, address, every address the name resolves to).
   */
  private async checkedUrl(typed: string): Promise<string> {
    const problem = typedUrlProblem(typed) ?? (await this.sender.problemOf(typed));
    if (problem) throw validationFailed([{ path: 'url', message: problem }]);
    return normalizedUrl(typed);
  }
}
