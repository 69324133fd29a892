interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

/**
 * Values kept in memory for a few seconds, for reads on busy paths whose records other processes
 * change rarely (the operator's command line, seeds): such a change shows within the lifetime.
 * Callers that miss at the same time share one load. A load that fails, or whose value `keep`
 * refuses (e.g. "not found", so that a record created meanwhile is seen at once), is not kept.
 * Values are shared between callers: they are read-only. A lifetime of 0 turns the cache off.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;

    const entry = { expiresAt: now + this.ttlMs, value: load() };
    entry.value.then(
      (value) => keep(value) || this.drop(key, entry),
      () => this.drop(key, entry),
    );
    // Maps iterate in insertion order, so re-inserting keeps the oldest entry first.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Forgets a key, after this process changed its record. */
  evict(key: string): void {
    this.entries.delete(key);
  }

  private drop(key: string, entry: Entry<V>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
