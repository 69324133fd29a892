import DataLoader from 'dataloader';

/** Keys per query: far above what one event-loop turn gathers, and a bounded `$in`. */
const MAX_KEYS_PER_QUERY = 1000;

/**
 * Point lookups coalesced per turn of the event loop (DataLoader, scheduled on `setImmediate`):
 * the keys asked for in the same turn are fetched by one `$in` query (on a unique index or
 * `_id`, a lookup on MongoDB and on mongo-java-server alike), and each caller receives its own
 * record or null. Under load this turns one round trip per request into one per turn; nothing is
 * kept between turns (no DataLoader cache), so every answer is as fresh as a query of its own.
 *
 * Callers asking for the same key in the same turn receive the same object: records from a
 * lookup are read-only.
 */
export class BatchedLookup<T> {
  private readonly loader: DataLoader<string, T | null>;

  constructor(fetch: (keys: string[]) => Promise<T[]>, keyOf: (record: T) => string) {
    this.loader = new DataLoader(
      async (keys) => {
        const records = await fetch([...new Set(keys)]);
        const byKey = new Map(records.map((record) => [keyOf(record), record]));
        return keys.map((key) => byKey.get(key) ?? null);
      },
      { cache: false, maxBatchSize: MAX_KEYS_PER_QUERY, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  find(key: string): Promise<T | null> {
    return this.loader.load(key);
  }
}
