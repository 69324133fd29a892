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

  /**
   * `versions`: the model of the records' change counters (`{_id: clientId, version}`); `changes`:
   * of the log of which records each version changed, for a subclass that can `patch` its value.
   */
  protected constructor(versions: { collection: Collection }, config: AppConfig, changes?: { collection: Collection }) {
    const log = changes && {
      collection: changes.collection,
      patch: (clientId: Types.ObjectId, previous: T, ids: readonly string[]) => this.patch(clientId, previous, ids),
    };
    this.cache = new ClientVersionedCache(versions.collection, config.readCacheTtlMs, (clientId) => this.build(clientId), log);
  }

  /** `stale`: the value of a moment ago while a rebuild runs, for readers that must not be held up. */
  of(clientId: Types.ObjectId, options: { stale?: boolean } = {}): Promise<T> {
    return this.cache.of(clientId, options);
  }

  /**
   * After any write of the client's records (`ids`: which, for a change log): this instance takes
   * it at its next read (at once through `applied`, the value after the write, where it can), the
   * others within the cache's life.
   */
  changed(clientId: Types.ObjectId, ids?: readonly string[], applied?: (previous: T) => T): Promise<void> {
    return this.cache.changed(clientId, ids, applied);
  }

  protected abstract build(clientId: Types.ObjectId): Promise<T>;

  /** The value after these records changed, from the one before; only called with a change log (the default builds it whole). */
  protected patch(clientId: Types.ObjectId, _previous: T, _ids: readonly string[]): Promise<T> {
    return this.build(clientId);
  }
}
