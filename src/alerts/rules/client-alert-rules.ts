import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ExpiringCache, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { AlertRule } from '../schemas/alert-rule.schema';

/**
 * A client's alert rules as matching reads them, on every ingestion batch with events: kept for
 * READ_CACHE_TTL_SECONDS (docs/alerts.md, "Matching"), so a batch does not wait on a query for
 * them. A change through this instance applies at once (`changed`); through another instance,
 * within that lifetime. Shared between callers: read-only.
 */
@Injectable()
export class ClientAlertRules {
  private readonly cache: ExpiringCache<Stored<AlertRule>[]>;

  constructor(
    @InjectRepository(AlertRule) private readonly rules: TenantRepository<AlertRule>,
    config: AppConfig,
  ) {
    this.cache = new ExpiringCache(config.readCacheTtlMs);
  }

  of(clientId: Types.ObjectId): Promise<Stored<AlertRule>[]> {
    return this.cache.get(clientId.toHexString(), () => this.rules.find(scopeOfClient(clientId), {}));
  }

  /** Forgets a client's rules after this instance changed one. */
  changed(clientId: Types.ObjectId): void {
    this.cache.evict(clientId.toHexString());
  }
}
