import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import type { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { orNull } from '@app/http';

export class WebhookAttemptView {
  /** 1 for the first attempt. */
  attempt: number;
  /** When it started. */
  at: Date;
  /** The receiver's HTTP status; null when none came (refused address, time-out, connection error). */
  responseStatus: number | null;
  durationMs: number;
  /** Why it failed; null when it succeeded. @example "HTTP 500" */
  error: string | null;
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
  /**
   * Every attempt, oldest first: the row's own `attempt`, `responseStatus`, `durationMs` and
   * `error` are the last one's. A delivery stored before attempts were kept lists only its later ones.
   */
  attempts: WebhookAttemptView[];
  createdAt: Date;
}

export function toDeliveryView(delivery: Stored<WebhookDelivery>): WebhookDeliveryView {
  return {
    id: delivery._id.toHexString(),
    messageId: delivery.messageId,
    type: delivery.type,
    attempt: delivery.attempt,
    state: delivery.state,
    ...orNull(delivery, 'responseStatus', 'durationMs', 'error', 'nextAttemptAt'),
    attempts: (delivery.attempts ?? []).map(({ attempt, at, responseStatus, durationMs, error }) => ({
      attempt,
      at,
      responseStatus: responseStatus ?? null,
      durationMs,
      error: error ?? null,
    })),
    createdAt: delivery.createdAt,
  };
}
