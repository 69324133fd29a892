/**
 * Runs tasks of the same key one after the other, tasks of different keys concurrently: the
 * store's writes of one tracker must not interleave (no transactions on mongo-java-server). A
 * task may hold several keys (a batch of many trackers): it waits for the earlier tasks of each,
 * and later tasks of any of them wait for it. Tasks only wait for earlier ones: no deadlock.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.runAll([key], task);
  }

  runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    const previous = unique.map((key) => this.tails.get(key)).filter((tail) => tail !== undefined);
    const before = previous.length === 0 ? Promise.resolve() : previous.length === 1 ? previous[0] : Promise.all(previous);
    // A failed task does not stop the next one: each caller sees its own outcome.
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    for (const key of unique) this.tails.set(key, tail);
    void tail.then(() => {
      for (const key of unique) if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
