import type { Collection } from 'mongodb';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientVersionedCache } from './client-versioned-cache';

/**
 * A service that keeps something built from each client's records in memory (a spatial index, a
 * map of keys) through a `ClientVersionedCache`: readers take `of`, the writers of those records
 * call `changed`, and the subclass says how a client's value is built.
 */
export abstract class ClientIndex<T> {
  private readonly cache: ClientVersionedCache<T>;

  /** `versions`: the model of the records' change counters (`{_id: clientId, version}`). */
  protected constructor(versions: { collection: Collection }, config: AppConfig) {
    this.cache = new ClientVersionedCache(versions.collection, config.readCacheTtlMs, (clientId) => this.build(clientId));
  }

  /** `stale`: the value of a moment ago while a rebuild runs, for readers that must not be held up. */
  of(clientId: Types.ObjectId, options: { stale?: boolean } = {}): Promise<T> {
    return this.cache.of(clientId, options);
  }

  /** After any write of the client's records: this instance rebuilds at its next read, the others within the cache's life. */
  changed(clientId: Types.ObjectId): Promise<void> {
    return this.cache.changed(clientId);
  }

  protected abstract build(clientId: Types.ObjectId): Promise<T>;
}
