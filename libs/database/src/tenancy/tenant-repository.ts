import { mongo, Types, type Cursor, type FilterQuery, type Model, type ProjectionType, type UpdateQuery } from 'mongoose';
import { notFound } from '@app/errors';
import { isObjectIdString } from '@app/formats';
import { BatchedInsert } from '../batched-insert';
import { BatchedLookup } from '../batched-lookup';
import { duplicateKeyIndexes } from '../duplicate-key';
import { ExpiringCache } from '../expiring-cache';
import { afterCursor, encodeCursor, ListOrder, Page, PageRequest, pageSize } from './cursor-page';
import type { OwnerScope } from './owner-visibility';
import type { ClosedQuery, TenantQuery } from './tenant-query';
import type { TenantScope, TrackerScopeLike } from './tenant-scope';

/** A client's record; records every client may read (see `shared`) have no client. */
export interface TenantOwned {
  clientId?: Types.ObjectId | null;
}

/** A record as read back from the database. */
export type Stored<T> = T & { _id: Types.ObjectId };

export interface TenantRepositoryOptions<T> {
  /**
   * For tracker-scoped records (assets, trackers): the field holding the record's tracker id.
   * Reads then also require the caller's tracker scope to include it; lists filter by it.
   */
  trackerField?: string;
  /** Records every client may read (e.g. `{scope: 'global'}` price records); only with `includeShared`. */
  shared?: FilterQuery<T>;
  /** What reads return unless a call asks for other fields (lean documents, smaller answers). */
  projection?: ProjectionType<T>;
  /**
   * Read `findById` through a BatchedLookup: the ids asked for in one event-loop turn are read by
   * one `$in` query. For records on busy paths that callers only read (the same object goes to
   * every caller of that id in that turn).
   */
  batchReadsById?: boolean;
  /**
   * Keep what `findById` found for this long (ExpiringCache; ids not found are not kept). For
   * records whose changes by other processes may show a few seconds late.
   */
  cacheReadsByIdMs?: number;
  /**
   * For records that belong to another record of the client (an asset's work orders,
   * inspections, events…): the owner field, and who may see which owner. Every read, list,
   * count and scoped write then keeps to the records of the owners the caller may see.
   */
  owner?: OwnerScope;
}

export interface ReadOptions<T> {
  projection?: ProjectionType<T>;
  sort?: Record<string, 1 | -1>;
  limit?: number;
  /** Also the records every client may read (the repository's `shared` filter). */
  includeShared?: boolean;
}

/** A point lookup on a unique key other than `_id` (e.g. a QR code), batched and cached like reads by id. */
export interface UniqueKeyLookup<T> {
  find(scope: TenantScope, value: string): Promise<Stored<T> | null>;
  /** Forgets a cached value after this process changed its record. */
  evict(value: string): void;
}

/** What `upsertEach` did: the changes (by position) that inserted a document, and those refused as duplicate keys. */
export interface UpsertOutcome {
  upserted: Map<number, Types.ObjectId>;
  duplicates: Set<number>;
}

const upsertedIds = (ids: Record<number, unknown> | undefined): Map<number, Types.ObjectId> =>
  new Map(Object.entries(ids ?? {}).map(([index, id]) => [Number(index), id as Types.ObjectId]));

const CLIENT_KEYS = ['clientId'];

/**
 * The only way services reach a client's records. Every method takes the caller's scope, and the
 * query types leave no room for `clientId`: the repository adds it, so a query that forgets the
 * tenant cannot be written. A record of another client, or (for tracker-scoped records) outside
 * the caller's trackers, reads as missing.
 *
 * Point reads (`findById`, `lookupBy`) load by the unique key alone and compare the client in
 * code: on mongo-java-server a lookup by exactly `_id` or a unique index uses the index, while
 * `{_id, clientId}` scans (DESIGN.md). Updates of a record already read (`updateRecord`) likewise
 * go by `_id` alone once its client was checked.
 */
export class TenantRepository<T extends TenantOwned> {
  private readonly byId?: BatchedLookup<Stored<T>>;
  private readonly recentById?: ExpiringCache<Stored<T> | null>;

  constructor(
    private readonly model: Model<T>,
    private readonly options: TenantRepositoryOptions<T> = {},
  ) {
    if (options.cacheReadsByIdMs && options.cacheReadsByIdMs > 0) this.recentById = new ExpiringCache(options.cacheReadsByIdMs);
    if (options.batchReadsById) {
      this.byId = new BatchedLookup(
        (ids) =>
          this.documents()
            .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, { projection: this.projection() })
            .toArray() as Promise<Stored<T>[]>,
        (record) => record._id.toHexString(),
      );
    }
  }

  /** The caller's record with this id, or null (unknown, malformed, foreign and out-of-scope ids alike). */
  async findById(scope: TenantScope, id: unknown): Promise<Stored<T> | null> {
    if (!isObjectIdString(id)) return null;
    const key = id.toLowerCase();
    const record = this.recentById ? await this.recentById.get(key, () => this.readById(key), Boolean) : await this.readById(key);
    if (!record) return null;
    const visible = this.isVisible(scope, record);
    return (typeof visible === 'boolean' ? visible : await visible) ? record : null;
  }

  /** As `findById`, answering 404 `"{what} not found"` for a missing record. */
  async findByIdOrFail(scope: TenantScope, id: unknown, what: string): Promise<Stored<T>> {
    const record = await this.findById(scope, id);
    if (!record) throw notFound(what);
    return record;
  }

  /** Several records by id, keeping only the caller's (unknown, foreign and out-of-scope ids drop out). */
  async findByIds(scope: TenantScope, ids: readonly unknown[], projection = this.options.projection): Promise<Stored<T>[]> {
    const valid = ids.filter(isObjectIdString);
    if (valid.length === 0) return [];
    const records = await this.model
      .find({ _id: { $in: valid } } as FilterQuery<T>, projection)
      .lean<Stored<T>[]>()
      .exec();
    return this.visibleAmong(scope, records);
  }

  /**
   * A lookup by a unique key (exactly the keys of a unique index: a lookup on both servers),
   * optionally batched per event-loop turn and cached like reads by id.
   */
  lookupBy(field: keyof T & string, { batch = false, cacheMs = 0 }: { batch?: boolean; cacheMs?: number } = {}): UniqueKeyLookup<T> {
    const read = (values: string[]) =>
      this.model
        .find({ [field]: { $in: values } } as FilterQuery<T>, this.options.projection)
        .lean<Stored<T>[]>()
        .exec();
    const batched = batch ? new BatchedLookup<Stored<T>>(read, (record) => String(record[field])) : undefined;
    const loadOne = async (value: string) => (batched ? batched.find(value) : ((await read([value]))[0] ?? null));
    const recent = cacheMs > 0 ? new ExpiringCache<Stored<T> | null>(cacheMs) : undefined;
    return {
      find: async (scope, value) => {
        const record = recent ? await recent.get(value, () => loadOne(value), Boolean) : await loadOne(value);
        if (!record) return null;
        const visible = this.isVisible(scope, record);
        return (typeof visible === 'boolean' ? visible : await visible) ? record : null;
      },
      evict: (value) => recent?.evict(value),
    };
  }

  async findOne<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    { projection = this.options.projection, sort }: ReadOptions<T> = {},
  ): Promise<Stored<T> | null> {
    const query = this.model.findOne(await this.scoped(scope, filter), projection);
    if (sort) query.sort(sort);
    return query.lean<Stored<T>>().exec();
  }

  async find<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    { projection = this.options.projection, sort, limit, includeShared }: ReadOptions<T> = {},
  ): Promise<Stored<T>[]> {
    const query = this.model.find(await this.scoped(scope, filter, includeShared), projection);
    if (sort) query.sort(sort);
    if (limit !== undefined) query.limit(limit);
    return query.lean<Stored<T>[]>().exec();
  }

  /**
   * One page of a list (DESIGN.md, lists): newest first by default, ties broken by `_id`, and a
   * keyset cursor, so a page deep inside costs what the first one does and inserts never shift it.
   */
  async list<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    page: PageRequest,
    order: ListOrder = {},
    projection = this.options.projection,
  ): Promise<Page<Stored<T>>> {
    const sortBy = order.sortBy ?? '_id';
    const direction = order.direction === 'asc' ? 1 : -1;
    const limit = pageSize(page.limit);
    const conditions: FilterQuery<T>[] = [await this.scoped(scope, filter)];
    if (page.cursor) conditions.push(afterCursor(page.cursor, { sortBy, direction: order.direction ?? 'desc' }));
    const sort: Record<string, 1 | -1> = sortBy === '_id' ? { _id: direction } : { [sortBy]: direction, _id: direction };
    const records = await this.model
      .find(conditions.length === 1 ? conditions[0] : { $and: conditions }, projection)
      .sort(sort)
      .limit(limit + 1)
      .lean<Stored<T>[]>()
      .exec();
    const items = records.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: records.length > limit && last ? encodeCursor(last as unknown as Record<string, unknown>, sortBy) : null };
  }

  async count<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>): Promise<number> {
    return this.model.countDocuments(await this.scoped(scope, filter)).exec();
  }

  async exists<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>): Promise<boolean> {
    return (await this.model.exists(await this.scoped(scope, filter)).exec()) !== null;
  }

  /**
   * The records one by one (a lean mongoose cursor, a Readable), for exports that must not sit in
   * memory; the caller closes it (or reads it to the end).
   */
  async stream<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    { sort, limit, batchSize = 1000 }: { sort: Record<string, 1 | -1>; limit?: number; batchSize?: number },
  ): Promise<Cursor<Stored<T>, never>> {
    const query = this.model.find(await this.scoped(scope, filter), this.options.projection).sort(sort);
    if (limit !== undefined) query.limit(limit);
    return query.lean<Stored<T>[]>().cursor({ batchSize }) as unknown as Cursor<Stored<T>, never>;
  }

  async create(scope: TenantScope, data: Omit<Partial<T>, 'clientId'> & { _id?: Types.ObjectId }): Promise<Stored<T>> {
    const created = await this.model.create({ ...data, clientId: scope.clientId });
    return created.toObject();
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
        .findOneAndUpdate({ ...conditions, _id: record._id }, this.checked(update), { new: true, projection: this.options.projection })
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
    const result = await this.model.updateMany({ _id: { $in: own } }, this.checked(update)).exec();
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
      .map(({ record, update, conditions }) => ({ updateOne: { filter: { ...conditions, _id: record._id }, update: this.checked(update) } }));
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
      changes.map(async ({ filter, update }) => ({ updateOne: { filter: await this.scoped(scope, filter), update: this.checked(update), upsert: true } })),
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
    const result = await this.model.updateOne(await this.scoped(scope, filter), this.checked(update), { upsert }).exec();
    return { matched: result.matchedCount, modified: result.modifiedCount, upserted: result.upsertedCount > 0 };
  }

  async updateMany<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>, update: UpdateQuery<T>): Promise<number> {
    return (await this.model.updateMany(await this.scoped(scope, filter), this.checked(update)).exec()).modifiedCount;
  }

  async deleteMany<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>): Promise<number> {
    return (await this.model.deleteMany(await this.scoped(scope, filter)).exec()).deletedCount;
  }

  private readById(id: string): Promise<Stored<T> | null> {
    if (this.byId) return this.byId.find(id);
    return this.documents().findOne({ _id: new Types.ObjectId(id) }, { projection: this.projection() }) as Promise<Stored<T> | null>;
  }

  /**
   * Reads by key go to the driver: a lean read through mongoose still builds and casts a query
   * (measured: docs/performance.md, "Reads by id through the driver"); the documents are the same.
   */
  private documents() {
    return this.model.collection;
  }

  private projection(): Record<string, 0 | 1> | undefined {
    return this.options.projection as Record<string, 0 | 1> | undefined;
  }

  /**
   * The client's, within the caller's trackers (tracker-scoped records), of an owner the caller
   * may see (owned records). A plain boolean unless the owner must be looked at: reads by id are
   * the busy path, and most callers see every tracker.
   */
  private isVisible(scope: TenantScope, record: Stored<T>): boolean | Promise<boolean> {
    if (!this.isInScope(scope, record)) return false;
    const owner = this.options.owner;
    if (!owner || this.ownerScope(scope).trackerScope?.isAll) return true;
    const ownerId = this.ownerOf(record);
    // A record without an owner: only a caller who sees every owner reads it, as in lists — unless ownerless records are everyone's.
    if (!ownerId) return owner.ownerlessVisible === true;
    return owner.visibility.canSee(scope, ownerId);
  }

  private async visibleAmong(scope: TenantScope, records: Stored<T>[]): Promise<Stored<T>[]> {
    const inScope = records.filter((record) => this.isInScope(scope, record));
    const owner = this.options.owner;
    if (!owner || inScope.length === 0) return inScope;
    const owners = await owner.visibility.visibleOwners(this.ownerScope(scope));
    if (!owners) return inScope;
    const allowed = new Set(owners.map(String));
    return inScope.filter((record) => {
      const ownerId = this.ownerOf(record);
      return ownerId ? allowed.has(String(ownerId)) : owner.ownerlessVisible === true;
    });
  }

  private isInScope(scope: TenantScope, record: Stored<T>): boolean {
    if (!scope.clientId.equals(record.clientId)) return false;
    const field = this.options.trackerField;
    if (field === undefined) return true;
    // With all trackers, a record without one (an untracked asset) is visible too; with a list, it is not.
    const trackers = this.trackersOf(scope);
    return trackers.isAll || trackers.includes((record as unknown as Record<string, unknown>)[field] as Types.ObjectId | undefined);
  }

  private ownerOf(record: Stored<T>): Types.ObjectId | undefined {
    return (record as unknown as Record<string, Types.ObjectId | null | undefined>)[this.options.owner!.field] ?? undefined;
  }

  /** Owned records follow their owner's tracker scope, so the scope must name the caller's trackers. */
  private ownerScope(scope: TenantScope): TenantScope {
    this.trackersOf(scope);
    return scope;
  }

  private async scoped(scope: TenantScope, filter: TenantQuery<T>, includeShared = false): Promise<FilterQuery<T>> {
    for (const key of CLIENT_KEYS) if (key in filter) throw new Error('A tenant query must not name clientId: the repository adds it');
    const own: Record<string, unknown> = { ...filter, clientId: scope.clientId };
    const field = this.options.trackerField;
    const trackers = field === undefined ? undefined : this.trackersOf(scope);
    if (field !== undefined && trackers && !trackers.isAll) {
      const allowed = { [field]: { $in: (trackers.trackerIds ?? []).map((id) => new Types.ObjectId(id)) } };
      own.$and = [...((own.$and as unknown[]) ?? []), allowed];
    }
    const owner = this.options.owner;
    const owners = owner && (await owner.visibility.visibleOwners(this.ownerScope(scope)));
    if (owner && owners) {
      const ofVisibleOwners = owner.ownerlessVisible
        ? { $or: [{ [owner.field]: { $in: owners } }, { [owner.field]: null }] }
        : { [owner.field]: { $in: owners } };
      own.$and = [...((own.$and as unknown[]) ?? []), ofVisibleOwners];
    }
    if (!includeShared || !this.options.shared) return own;
    const { clientId: _ignored, ...rest } = own;
    return { $and: [rest, { $or: [{ clientId: scope.clientId }, this.options.shared] }] } as FilterQuery<T>;
  }

  private trackersOf(scope: TenantScope): TrackerScopeLike {
    if (!scope.trackerScope) throw new Error(`${this.model.modelName} records are tracker-scoped: the scope must carry the caller's trackers`);
    return scope.trackerScope;
  }

  /** Updates never move a record to another client. */
  private checked(update: UpdateQuery<T>): UpdateQuery<T> {
    const touchesClient = (part: unknown) => typeof part === 'object' && part !== null && 'clientId' in part;
    if (touchesClient(update) || Object.values(update).some(touchesClient)) throw new Error('An update must not change clientId');
    return update;
  }
}
