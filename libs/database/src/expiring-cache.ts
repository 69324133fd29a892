import { LRUCache } from 'lru-cache';

/**
 * Values kept in memory for a few seconds, for reads on busy paths whose records other processes
 * change rarely (the operator's command line, seeds): such a change shows within the lifetime.
 * Callers that miss at the same time share one load (the cache holds the load's promise). A load
 * that fails, or whose value `keep` refuses (e.g. "not found", so that a record created meanwhile
 * is seen at once), is not kept. Values are shared between callers: they are read-only. A
 * lifetime of 0 turns the cache off. Expiry and the least-recently-used bound are lru-cache's.
 */
export class ExpiringCache<V> {
  private readonly entries?: LRUCache<string, Promise<V>>;

  constructor(ttlMs: number, maxEntries = 10_000, now: () => number = Date.now) {
    if (ttlMs > 0) this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.entries) return load();
    const cached = this.entries.get(key);
    if (cached) return cached;
    const value = load();
    this.entries.set(key, value);
    value.then(
      (loaded) => keep(loaded) || this.drop(key, value),
      () => this.drop(key, value),
    );
    return value;
  }

  /** Forgets a key, after this process changed its record. */
  evict(key: string): void {
    this.entries?.delete(key);
  }

  private drop(key: string, value: Promise<V>): void {
    if (this.entries?.peek(key) === value) this.entries.delete(key);
  }
}
