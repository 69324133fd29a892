import type { Stored } from '@app/database';
import type { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
import { orNull, recordTimes } from '@app/http';

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

export function toEndpointView(endpoint: Stored<WebhookEndpoint>): WebhookEndpointView {
  const previous = endpoint.secrets.find((secret) => secret.expiresAt !== null && secret.expiresAt.getTime() > Date.now());
  return {
    id: endpoint._id.toHexString(),
    url: endpoint.url,
    description: endpoint.description ?? '',
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    ...orNull(endpoint, 'disabledAt', 'disabledReason', 'failingSince'),
    previousSecretExpiresAt: previous?.expiresAt ?? null,
    ...recordTimes(endpoint),
  };
}
