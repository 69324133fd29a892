/** What BatchedInsert needs of a collection: the driver's `insertMany` (e.g. a mongoose `Model.collection`). */
export interface InsertManyTarget<T> {
  insertMany(documents: T[], options: { ordered: false }): Promise<unknown>;
}

interface Pending<T> {
  document: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commits: the documents inserted in one turn of the event loop are written by one
 * unordered `insertMany`, and each caller's promise settles with its own document's outcome
 * (resolved once stored; rejected if that document was refused or the write failed). Under load
 * this turns one round trip per request into one per turn, without answering before the write.
 *
 * Documents go to the driver as they are (no mongoose cast or validation, which cost a
 * `setImmediate` per document even with `lean`): callers build them from typed values and check
 * what the schema would.
 */
export class BatchedInsert<T> {
  private queue: Pending<T>[] = [];

  constructor(private readonly target: InsertManyTarget<T>) {}

  insert(document: T): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => void this.flush());
      this.queue.push({ document, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      await this.target.insertMany(batch.map((pending) => pending.document), { ordered: false });
      for (const pending of batch) pending.resolve();
    } catch (error) {
      // Unordered: the others were written; each caller learns whether its own was.
      const writeErrors = (error as { writeErrors?: { index: number }[] }).writeErrors;
      const failed = new Set(writeErrors ? writeErrors.map((e) => e.index) : batch.map((_, index) => index));
      batch.forEach((pending, index) => (failed.has(index) ? pending.reject(error) : pending.resolve()));
    }
  }
}
