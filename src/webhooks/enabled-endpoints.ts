import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ExpiringCache, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';

/**
 * A client's enabled endpoints, read at most once per read-cache lifetime: they are looked up on
 * the ingestion path (every batch's events and alerts), and change only through the API or a
 * delivery's outcome, which evict this instance's copy (`changed`).
 */
@Injectable()
export class EnabledEndpoints {
  private readonly cache: ExpiringCache<Stored<WebhookEndpoint>[]>;

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    config: AppConfig,
  ) {
    this.cache = new ExpiringCache(config.readCacheTtlMs);
  }

  of(clientId: Types.ObjectId): Promise<Stored<WebhookEndpoint>[]> {
    return this.cache.get(clientId.toHexString(), () => this.endpoints.find(scopeOfClient(clientId), { enabled: true }));
  }

  /** Whether one of them subscribes to one of these types: a caller skips building messages nobody takes. */
  async subscribe(clientId: Types.ObjectId, types: readonly string[]): Promise<boolean> {
    return (await this.of(clientId)).some((endpoint) => types.some((type) => endpoint.eventTypes.includes(type)));
  }

  /** Forgets this instance's copy of a client's endpoints. */
  changed(clientId: Types.ObjectId): void {
    this.cache.evict(clientId.toHexString());
  }
}
