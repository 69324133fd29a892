import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { ExpiringCache, InjectRepository, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { DynamicForm } from './schemas/dynamic-form.schema';

/**
 * A client's active forms, kept for READ_CACHE_TTL_SECONDS (a form changed by another process shows
 * within it; one changed through this process at once: the editor evicts the client). Every scan needs them, and on mongo-java-server `{clientId, status}` scans the whole
 * collection (DESIGN.md: only unique indexes are lookups): measured, 2 000 forms of other clients
 * cut scans per second by two thirds. Concurrent misses of one client share one query.
 */
@Injectable()
export class ActiveFormsCache {
  private readonly byClient: ExpiringCache<Stored<DynamicForm>[]>;

  constructor(
    @InjectRepository(DynamicForm) private readonly forms: TenantRepository<DynamicForm>,
    config: AppConfig,
  ) {
    this.byClient = new ExpiringCache(config.readCacheTtlMs);
  }

  get(scope: TenantScope): Promise<Stored<DynamicForm>[]> {
    return this.byClient.get(scope.clientId.toHexString(), () => this.forms.find(scope, { status: 'active' }, { sort: { name: 1, _id: 1 } }));
  }

  /** Forgets the client's forms after this process changed one: its next scan reads them again. */
  evict(scope: TenantScope): void {
    this.byClient.evict(scope.clientId.toHexString());
  }
}
