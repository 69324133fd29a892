import { mongo, Types, type UpdateQuery } from 'mongoose';
import { DomainException, ErrorCode } from '@app/errors';
import { BatchedInsert } from '../batched-insert';
import { duplicateKeyIndexes } from '../duplicate-key';
import type { ClosedQuery, TenantQuery } from './tenant-query';
import { TenantReadRepository } from './tenant-read-repository';
import type { Stored, TenantOwned } from './tenant-repository-options';
import type { TenantScope } from './tenant-scope';

/** What `upsertEach` did: the changes (by position) that inserted a document, and those refused as duplicate keys. */
export interface UpsertOutcome {
  upserted: Map<number, Types.ObjectId>;
  duplicates: Set<number>;
}

const upsertedIds = (ids: Record<number, unknown> | undefined): Map<number, Types.ObjectId> =>
  new Map(Object.entries(ids ?? {}).map(([index, id]) => [Number(index), id as Types.ObjectId]));

/**
 * The only way services reach a client's records. Every method takes the caller's scope, and the
 * query types leave no room for `clientId`: the repository adds it, so a query that forgets the
 * tenant cannot be written. A record of another client, or (for tracker-scoped records) outside
 * the caller's trackers, reads as missing.
 *
 * Reads are the base class's; updates of a record already read (`updateRecord`) go by `_id` alone
 * once its client was checked, as point reads do.
 */
export class TenantRepository<T extends TenantOwned> extends TenantReadRepository<T> {
  async create(scope: TenantScope, data: Omit<Partial<T>, 'clientId'> & { _id?: Types.ObjectId }): Promise<Stored<T>> {
    const created = await this.model.create({ ...data, clientId: scope.clientId });
    return created.toObject();
  }

  /** Refuses a new record (409) once the client holds `max` of them, naming them as `what` ("alert rules"). */
  async checkRoomFor(scope: TenantScope, max: number, what: string): Promise<void> {
    if ((await this.count(scope, {})) >= max) throw new DomainException(ErrorCode.Conflict, `A client has at most ${max} ${what}: remove some first`);
  }

  /** Inserts through the driver (no mongoose casting): the caller builds complete documents. */
  async insertMany(
    scope: TenantScope,
    documents: ReadonlyArray<Partial<Omit<T, 'clientId'>> & { _id?: Types.ObjectId }>,
    { ordered = true } = {},
  ): Promise<void> {
    if (documents.length === 0) return;
    await this.model.collection.insertMany(
      documents.map((document) => ({ ...document, clientId: scope.clientId })),
      { ordered },
    );
  }

  /**
   * `insertMany` unordered, where some documents may be there already (ids derived from what they
   * record): the others are inserted; answers the positions refused as duplicates.
   */
  async insertNew(scope: TenantScope, documents: ReadonlyArray<Partial<Omit<T, 'clientId'>> & { _id?: Types.ObjectId }>): Promise<Set<number>> {
    try {
      await this.insertMany(scope, documents, { ordered: false });
      return new Set();
    } catch (error) {
      const duplicates = duplicateKeyIndexes(error);
      if (!duplicates) throw error;
      return duplicates;
    }
  }

  /**
   * Appends in group commits (BatchedInsert): the documents of one event-loop turn share one
   * unordered insert through the driver, each caller waits for its own. For busy append-only
   * records (scan history, activity events); the caller checks what the schema would.
   */
  batchedAppender(): { insert(scope: TenantScope, document: Omit<T, 'clientId'> & { _id?: Types.ObjectId }): Promise<void> } {
    const inserts = new BatchedInsert<Record<string, unknown>>(this.model.collection);
    return { insert: (scope, document) => inserts.insert({ ...document, clientId: scope.clientId }) };
  }

  /**
   * Updates a record read through this repository (so within the caller's scope, owner included),
   * by `_id` alone once its client is checked; `conditions` must still hold (e.g. its status).
   */
  async updateRecord<Q extends TenantQuery<T>>(
    scope: TenantScope,
    record: Stored<TenantOwned>,
    update: UpdateQuery<T>,
    conditions?: Q & ClosedQuery<Q>,
  ): Promise<Stored<T> | null> {
    if (!scope.clientId.equals(record.clientId)) return null;
    try {
      return await this.model
        .findOneAndUpdate({ ...conditions, _id: record._id }, this.scoping.checked(update), { new: true, projection: this.options.projection })
        .lean<Stored<T>>()
        .exec();
    } finally {
      // What `findById` keeps of it (`cacheReadsById`): this instance sees its own change at once;
      // other instances within the cache's life.
      this.recentById?.evict(record._id.toHexString());
    }
  }

  /** Updates records read through this repository, by `_id` alone (a lookup) once their client is checked; answers how many changed. */
  async updateRecords(scope: TenantScope, records: readonly Stored<TenantOwned>[], update: UpdateQuery<T>): Promise<number> {
    const own = records.filter((record) => scope.clientId.equals(record.clientId)).map((record) => record._id);
    if (own.length === 0) return 0;
    const result = await this.model.updateMany({ _id: { $in: own } }, this.scoping.checked(update)).exec();
    for (const id of own) this.recentById?.evict(id.toHexString());
    return result.modifiedCount;
  }

  /**
   * Updates records read through this repository, each its own way, in one bulk write by `_id`
   * once their client is checked; `conditions` make one conditional (on the embedded server a
   * condition beside `_id` scans unless a unique index has exactly those keys). Answers how many
   * matched: fewer than asked, and the caller reads back which.
   */
  async updateEach(
    scope: TenantScope,
    changes: ReadonlyArray<{ record: Stored<TenantOwned>; update: UpdateQuery<T>; conditions?: TenantQuery<T> }>,
  ): Promise<number> {
    const ops = changes
      .filter(({ record }) => scope.clientId.equals(record.clientId))
      .map(({ record, update, conditions }) => ({ updateOne: { filter: { ...conditions, _id: record._id }, update: this.scoping.checked(update) } }));
    if (ops.length === 0) return 0;
    try {
      return (await this.model.collection.bulkWrite(ops, { ordered: false })).matchedCount;
    } finally {
      for (const { record } of changes) this.recentById?.evict(record._id.toHexString());
    }
  }

  /** Deletes records read through this repository, by `_id` alone once their client is checked. */
  async deleteRecords(scope: TenantScope, records: readonly Stored<TenantOwned>[]): Promise<number> {
    const own = records.filter((record) => scope.clientId.equals(record.clientId)).map((record) => record._id);
    if (own.length === 0) return 0;
    const result = await this.model.deleteMany({ _id: { $in: own } }).exec();
    for (const id of own) this.recentById?.evict(id.toHexString());
    return result.deletedCount;
  }

  /**
   * `updateOne(…, { upsert: true })` of many in one unordered bulk write through the driver (no
   * mongoose cast: the caller builds typed filters and updates), each filter within the caller's
   * client. Answers which changes inserted a document (their positions and new `_id`s) and which
   * were refused as duplicate keys: the filter matched nothing and its insert met a document
   * already there (a conditional upsert whose condition failed, or another writer's insert first).
   */
  async upsertEach<Q extends TenantQuery<T>>(
    scope: TenantScope,
    changes: ReadonlyArray<{ filter: Q & ClosedQuery<Q>; update: UpdateQuery<T> }>,
  ): Promise<UpsertOutcome> {
    if (changes.length === 0) return { upserted: new Map(), duplicates: new Set() };
    const ops = await Promise.all(
      changes.map(async ({ filter, update }) => ({
        updateOne: { filter: await this.scoping.filter(scope, filter), update: this.scoping.checked(update), upsert: true },
      })),
    );
    try {
      const result = await this.model.collection.bulkWrite(ops as never[], { ordered: false });
      return { upserted: upsertedIds(result.upsertedIds), duplicates: new Set() };
    } catch (error) {
      const duplicates = duplicateKeyIndexes(error);
      if (!duplicates) throw error;
      return { upserted: upsertedIds((error as mongo.MongoBulkWriteError).upsertedIds), duplicates };
    }
  }

  async updateOne<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    update: UpdateQuery<T>,
    { upsert = false } = {},
  ): Promise<{ matched: number; modified: number; upserted: boolean }> {
    const result = await this.model.updateOne(await this.scoping.filter(scope, filter), this.scoping.checked(update), { upsert }).exec();
    return { matched: result.matchedCount, modified: result.modifiedCount, upserted: result.upsertedCount > 0 };
  }

  async updateMany<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>, update: UpdateQuery<T>): Promise<number> {
    return (await this.model.updateMany(await this.scoping.filter(scope, filter), this.scoping.checked(update)).exec()).modifiedCount;
  }

  async deleteMany<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>): Promise<number> {
    return (await this.model.deleteMany(await this.scoping.filter(scope, filter)).exec()).deletedCount;
  }
}
