import { Injectable, Logger } from '@nestjs/common';
import type { Types } from 'mongoose';

/** An endpoint the platform disabled because every delivery failed for 3 days. */
export interface EndpointDisabledNotice {
  clientId: Types.ObjectId;
  endpointId: Types.ObjectId;
  url: string;
  description: string;
  disabledAt: Date;
  reason: string;
}

export type EndpointDisabledListener = (notice: EndpointDisabledNotice) => Promise<void> | void;

/**
 * Told once when an endpoint is disabled (the alerts inbox subscribes and tells the client's
 * admins). Listeners are awaited; one that fails is logged, the endpoint stays disabled (the
 * notice is not sent again). Subscribe from `onModuleInit`.
 */
@Injectable()
export class WebhookEndpointDisabled {
  private readonly logger = new Logger(WebhookEndpointDisabled.name);
  private readonly listeners = new Set<EndpointDisabledListener>();

  subscribe(listener: EndpointDisabledListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(notice: EndpointDisabledNotice): Promise<void> {
    this.logger.warn(`webhook endpoint ${notice.endpointId.toHexString()} (${notice.url}) of client ${notice.clientId.toHexString()} disabled: ${notice.reason}`);
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(notice);
        } catch (error) {
          this.logger.error(`a listener of disabled endpoints failed: ${(error as Error).message}`);
        }
      }),
    );
  }
}
