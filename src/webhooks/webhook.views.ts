import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import type { WebhookDelivery } from './schemas/webhook-delivery.schema';
import type { WebhookEndpoint } from './schemas/webhook-endpoint.schema';

export class WebhookEndpointView {
  id: string;
  /** @example "https://hooks.example.com/fleet" */
  url: string;
  /** @example "ERP de despacho" */
  description: string;
  /** @example ["alert.opened", "event.geofence.exit"] */
  eventTypes: string[];
  enabled: boolean;
  /** When the platform disabled it after 3 days of failed deliveries (null otherwise). */
  disabledAt: Date | null;
  /** @example "Every delivery failed for 3 days" */
  disabledReason: string | null;
  /** The first failure since the last success (null: the last delivery succeeded). */
  failingSince: Date | null;
  /** Until when the secret replaced by the last rotation still signs (null: none). */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The endpoint with its signing secret: answered once, on creation and on rotation. */
export class WebhookEndpointWithSecretView extends WebhookEndpointView {
  /**
   * The signing secret (Standard Webhooks): keep it now, it is never shown again.
   * @example "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
   */
  secret: string;
}

export class WebhookDeliveryView {
  id: string;
  /** `webhook-id`: the same on every attempt and redelivery of a message. @example "msg_2b1e9d0c6f3a4e7f8a9b0c1d" */
  messageId: string;
  /** @example "alert.opened" */
  type: string;
  /** Attempts made so far. */
  attempt: number;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  state: 'pending' | 'succeeded' | 'failed';
  /** The last attempt's HTTP status; null when none came (refused address, time-out, connection error). */
  responseStatus: number | null;
  /** How long the last attempt took. */
  durationMs: number | null;
  /** Why the last attempt failed. @example "HTTP 503" */
  error: string | null;
  /** When the next attempt is due (null: none, it succeeded or failed for good). */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

export function toEndpointView(endpoint: Stored<WebhookEndpoint>): WebhookEndpointView {
  const previous = endpoint.secrets.find((secret) => secret.expiresAt !== null && secret.expiresAt.getTime() > Date.now());
  return {
    id: endpoint._id.toHexString(),
    url: endpoint.url,
    description: endpoint.description ?? '',
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledAt: endpoint.disabledAt ?? null,
    disabledReason: endpoint.disabledReason ?? null,
    failingSince: endpoint.failingSince ?? null,
    previousSecretExpiresAt: previous?.expiresAt ?? null,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

export function toDeliveryView(delivery: Stored<WebhookDelivery>): WebhookDeliveryView {
  return {
    id: delivery._id.toHexString(),
    messageId: delivery.messageId,
    type: delivery.type,
    attempt: delivery.attempt,
    state: delivery.state,
    responseStatus: delivery.responseStatus ?? null,
    durationMs: delivery.durationMs ?? null,
    error: delivery.error ?? null,
    nextAttemptAt: delivery.nextAttemptAt ?? null,
    createdAt: delivery.createdAt,
  };
}
