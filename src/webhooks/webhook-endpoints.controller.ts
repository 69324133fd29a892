import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { CreateWebhookEndpointDto, ListWebhookDeliveriesDto, ListWebhookEndpointsDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { toDeliveryView, WebhookDeliveryView } from './webhook-delivery.view';
import { toEndpointView, WebhookEndpointView, WebhookEndpointWithSecretView } from './webhook-endpoint.view';

const NOT_FOUND = "Unknown or another client's webhook endpoint (shape A)";
const FORBIDDEN = "Without access_alerts, or as a user who sees only some trackers: an endpoint receives every asset's alerts and events (shape A)";

@ApiTags('webhook-endpoints')
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  /** Creates an endpoint; the answer carries its signing secret, shown this once. */
  @Post()
  @ChecksWriteAccess('webhook_endpoints.manage')
  @Authenticated({ permission: Permission.Alerts })
  @CreatedRecord(WebhookEndpointWithSecretView, 'The new endpoint with its secret (never shown again)')
  @ApiBadRequestResponse({
    description: 'Invalid body, or a URL the network guard refuses (not https in production; a private, loopback, link-local or metadata address) (shape A)',
  })
  @ApiConflictResponse({ description: 'The client already has 50 endpoints (shape A)' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  create(@Auth() auth: AuthContext, @Body() body: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretView> {
    return this.endpoints.create(auth, body);
  }

  /** The client's endpoints, newest first (without secrets). */
  @Get()
  @Authenticated({ permission: Permission.Alerts })
  @PagedList(WebhookEndpointView)
  async list(@Auth() auth: AuthContext, @Query() query: ListWebhookEndpointsDto): Promise<PagedBody<WebhookEndpointView>> {
    return PagedBody.of(await this.endpoints.list(auth, query), toEndpointView);
  }

  /** One endpoint (without its secret). */
  @Get(':id')
  @Authenticated({ permission: Permission.Alerts })
  @FoundRecord(WebhookEndpointView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookEndpointView> {
    return this.endpoints.get(auth, id);
  }

  /** Changes an endpoint; enabling one the platform disabled starts its failure count over. */
  @Patch(':id')
  @ChecksWriteAccess('webhook_endpoints.manage')
  @Authenticated({ permission: Permission.Alerts })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiBadRequestResponse({ description: 'Invalid body or a refused URL (shape A)' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWebhookEndpointDto): Promise<WebhookEndpointView> {
    return this.endpoints.update(auth, id, body);
  }

  /** Deletes an endpoint and its delivery log; what is pending is not sent. */
  @Delete(':id')
  @ChecksWriteAccess('webhook_endpoints.manage')
  @Authenticated({ permission: Permission.Alerts })
  @DeletedRecord(NOT_FOUND)
  @ApiForbiddenResponse({ description: FORBIDDEN })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.endpoints.delete(auth, id);
  }

  /** A new signing secret, shown this once; the old one keeps signing beside it for 24 h (two signatures in `webhook-signature`). */
  @Post(':id/rotate-secret')
  @ChecksWriteAccess('webhook_endpoints.manage')
  @Authenticated({ permission: Permission.Alerts })
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookEndpointWithSecretView, description: 'The endpoint with its new secret' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookEndpointWithSecretView> {
    return this.endpoints.rotateSecret(auth, id);
  }

  /** Sends a `webhook.test` ping now (also to a disabled endpoint); answers its delivery, pending. */
  @Post(':id/test')
  @Authenticated({ permission: Permission.Alerts })
  @CreatedRecord(WebhookDeliveryView, "The ping's delivery; its log shows the outcome")
  @ApiNotFoundResponse({ description: NOT_FOUND })
  test(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryView> {
    return this.endpoints.test(auth, id);
  }

  /** The endpoint's delivery log, newest first, one row per delivery: state, last status and duration, next attempt, and every attempt (`attempts`). */
  @Get(':id/deliveries')
  @Authenticated({ permission: Permission.Alerts })
  @PagedList(WebhookDeliveryView)
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async deliveries(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListWebhookDeliveriesDto): Promise<PagedBody<WebhookDeliveryView>> {
    return PagedBody.of(await this.endpoints.listDeliveries(auth, id, query), toDeliveryView);
  }

  /** The same message again (same `webhook-id` and body) as a new delivery. */
  @Post(':id/deliveries/:deliveryId/redeliver')
  @Authenticated({ permission: Permission.Alerts })
  @CreatedRecord(WebhookDeliveryView, 'The new delivery, pending')
  @ApiNotFoundResponse({ description: "Unknown endpoint or delivery, or another client's (shape A)" })
  redeliver(@Auth() auth: AuthContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryView> {
    return this.endpoints.redeliver(auth, id, deliveryId);
  }
}
