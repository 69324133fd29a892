import DataLoader from 'dataloader';

/** What BatchedInsert needs of a collection: the driver's `insertMany` (e.g. a mongoose `Model.collection`). */
export interface InsertManyTarget<T> {
  insertMany(documents: T[], options: { ordered: false }): Promise<unknown>;
}

/**
 * Group commits: the documents inserted in one turn of the event loop (DataLoader, scheduled on
 * `setImmediate`, no cache) are written by one unordered `insertMany`, and each caller's promise
 * settles with its own document's outcome (resolved once stored; rejected if that document was
 * refused or the write failed). Under load this turns one round trip per request into one per
 * turn, without answering before the write.
 *
 * Documents go to the driver as they are (no mongoose cast or validation, which cost a
 * `setImmediate` per document even with `lean`): callers build them from typed values and check
 * what the schema would.
 */
export class BatchedInsert<T> {
  private readonly loader: DataLoader<T, void>;

  constructor(target: InsertManyTarget<T>) {
    this.loader = new DataLoader(
      async (documents) => {
        try {
          await target.insertMany([...documents], { ordered: false });
          return documents.map(() => undefined);
        } catch (error) {
          // Unordered: the others were written; each caller learns whether its own was.
          const writeErrors = (error as { writeErrors?: { index: number }[] }).writeErrors;
          const failed = new Set(writeErrors ? writeErrors.map((e) => e.index) : documents.map((_, index) => index));
          return documents.map((_, index) => (failed.has(index) ? asError(error) : undefined));
        }
      },
      { cache: false, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  insert(document: T): Promise<void> {
    return this.loader.load(document);
  }
}

// DataLoader rejects a caller only for an Error value in its slot.
const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
