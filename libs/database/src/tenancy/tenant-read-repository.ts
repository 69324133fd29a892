import { Types, type Cursor, type FilterQuery, type Model, type ProjectionType } from 'mongoose';
import { notFound } from '@app/errors';
import { isObjectIdString } from '@app/formats';
import { BatchedLookup } from '../batched-lookup';
import { readInIdChunks } from '../id-lists';
import { ExpiringCache } from '../expiring-cache';
import { afterCursor, encodeCursor, ListOrder, Page, PageRequest, pageSize } from './cursor-page';
import type { ClosedQuery, TenantQuery } from './tenant-query';
import type { Stored, TenantOwned, TenantRepositoryOptions } from './tenant-repository-options';
import type { TenantScope } from './tenant-scope';
import { TenantScoping } from './tenant-scoping';

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

/**
 * The reads of a TenantRepository. Point reads (`findById`, `lookupBy`) load by the unique key
 * alone and compare the client in code: on mongo-java-server a lookup by exactly `_id` or a unique
 * index uses the index, while `{_id, clientId}` scans (DESIGN.md).
 */
export abstract class TenantReadRepository<T extends TenantOwned> {
  /** What `findById` keeps (`cacheReadsByIdMs`): writes of this process forget what they change. */
  protected readonly recentById?: ExpiringCache<Stored<T> | null>;
  protected readonly scoping: TenantScoping<T>;
  private readonly byId?: BatchedLookup<Stored<T>>;

  constructor(
    protected readonly model: Model<T>,
    protected readonly options: TenantRepositoryOptions<T> = {},
  ) {
    this.scoping = new TenantScoping(model.modelName, options);
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
    const visible = this.scoping.isVisible(scope, record);
    return (typeof visible === 'boolean' ? visible : await visible) ? record : null;
  }

  /** As `findById`, answering 404 `"{what} not found"` for a missing record. */
  async findByIdOrFail(scope: TenantScope, id: unknown, what: string): Promise<Stored<T>> {
    const record = await this.findById(scope, id);
    if (!record) throw notFound(what);
    return record;
  }

  /** Several records by id, keeping only the caller's (unknown, foreign and out-of-scope ids drop out); thousands are read IDS_PER_QUERY a query. */
  async findByIds(scope: TenantScope, ids: readonly unknown[], projection = this.options.projection): Promise<Stored<T>[]> {
    // Each id once: two slices would each answer a repeated one.
    const valid = [...new Set(ids.filter(isObjectIdString))];
    const records = await readInIdChunks(valid, (slice) =>
      this.model
        .find({ _id: { $in: slice } } as FilterQuery<T>, projection)
        .lean<Stored<T>[]>()
        .exec(),
    );
    return this.scoping.visibleAmong(scope, records);
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
        const visible = this.scoping.isVisible(scope, record);
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
    const query = this.model.findOne(await this.scoping.filter(scope, filter), projection);
    if (sort) query.sort(sort);
    return query.lean<Stored<T>>().exec();
  }

  async find<Q extends TenantQuery<T>>(
    scope: TenantScope,
    filter: Q & ClosedQuery<Q>,
    { projection = this.options.projection, sort, limit, includeShared }: ReadOptions<T> = {},
  ): Promise<Stored<T>[]> {
    const query = this.model.find(await this.scoping.filter(scope, filter, includeShared), projection);
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
    const conditions: FilterQuery<T>[] = [await this.scoping.filter(scope, filter)];
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
    return this.model.countDocuments(await this.scoping.filter(scope, filter)).exec();
  }

  async exists<Q extends TenantQuery<T>>(scope: TenantScope, filter: Q & ClosedQuery<Q>): Promise<boolean> {
    return (await this.model.exists(await this.scoping.filter(scope, filter)).exec()) !== null;
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
    const query = this.model.find(await this.scoping.filter(scope, filter), this.options.projection).sort(sort);
    if (limit !== undefined) query.limit(limit);
    return query.lean<Stored<T>[]>().cursor({ batchSize }) as unknown as Cursor<Stored<T>, never>;
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
}
