interface Waiter<T> {
  resolve(record: T | null): void;
  reject(error: unknown): void;
}

/** Keys per query: far above what one event-loop turn gathers, and a bounded `$in`. */
const MAX_KEYS_PER_QUERY = 1000;

/**
 * Point lookups coalesced per turn of the event loop: the keys asked for in the same turn are
 * fetched by one `$in` query (on a unique index or `_id`, a lookup on MongoDB and on
 * mongo-java-server alike), and each caller receives its own record or null. Under load this
 * turns one round trip per request into one per turn; nothing is kept between turns, so every
 * answer is as fresh as a query of its own.
 *
 * Callers asking for the same key in the same turn receive the same object: records from a
 * lookup are read-only.
 */
export class BatchedLookup<T> {
  private waiting = new Map<string, Waiter<T>[]>();

  constructor(
    private readonly fetch: (keys: string[]) => Promise<T[]>,
    private readonly keyOf: (record: T) => string,
  ) {}

  find(key: string): Promise<T | null> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => this.flush());
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = [...this.waiting];
    this.waiting = new Map();
    for (let start = 0; start < batch.length; start += MAX_KEYS_PER_QUERY) {
      void this.answer(batch.slice(start, start + MAX_KEYS_PER_QUERY));
    }
  }

  private async answer(batch: Array<[string, Waiter<T>[]]>): Promise<void> {
    try {
      const records = await this.fetch(batch.map(([key]) => key));
      const byKey = new Map(records.map((record) => [this.keyOf(record), record]));
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(byKey.get(key) ?? null);
    } catch (error) {
      for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
