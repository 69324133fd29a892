import type { FilterQuery, Model, Types } from 'mongoose';
import { notFound } from '@app/errors';
import { isObjectIdString } from '@app/formats';
import { BatchedLookup } from './batched-lookup';
import { ExpiringCache } from './expiring-cache';

export interface TenantOwned {
  clientId: Types.ObjectId;
}

export type TenantFilter<T> = FilterQuery<T> & { clientId: Types.ObjectId };

/** A record as read back from the database. */
export type Stored<T> = T & { _id: Types.ObjectId };

/**
 * Data access for records that belong to a client. Every method takes the client id, so a query
 * that forgets the tenant does not compile; a record of another client reads as missing.
 *
 * `findOwnedById` loads by `_id` alone and compares the client in code: on mongo-java-server a
 * lookup by exactly `_id` uses the index, `{_id, clientId}` scans (DESIGN.md).
 */
export interface TenantRepositoryOptions {
  /**
   * Read `findOwnedById` through a BatchedLookup: the ids asked for in one event-loop turn are
   * read by one `$in` query. For records on busy paths that callers only read (the same object
   * goes to every caller of that id in that turn).
   */
  batchReadsById?: boolean;
  /**
   * Keep what `findOwnedById` found for this long (ExpiringCache; ids not found are not kept).
   * For records this API never writes, whose changes by other processes may show a few seconds late.
   */
  cacheReadsByIdMs?: number;
}

export class TenantRepository<T extends TenantOwned> {
  private readonly byId?: BatchedLookup<Stored<T>>;
  private readonly recentById?: ExpiringCache<Stored<T> | null>;

  constructor(
    protected readonly model: Model<T>,
    { batchReadsById = false, cacheReadsByIdMs = 0 }: TenantRepositoryOptions = {},
  ) {
    if (cacheReadsByIdMs > 0) this.recentById = new ExpiringCache(cacheReadsByIdMs);
    if (batchReadsById) {
      this.byId = new BatchedLookup(
        (ids) => this.model.find({ _id: { $in: ids } } as FilterQuery<T>).lean<Stored<T>[]>().exec(),
        (record) => record._id.toHexString(),
      );
    }
  }

  async findOwnedById(clientId: Types.ObjectId, id: unknown): Promise<Stored<T> | null> {
    if (!isObjectIdString(id)) return null;
    const key = id.toLowerCase();
    const record = this.recentById ? await this.recentById.get(key, () => this.readById(key), Boolean) : await this.readById(key);
    return record && clientId.equals(record.clientId) ? record : null;
  }

  private readById(id: string): Promise<Stored<T> | null> {
    return this.byId ? this.byId.find(id) : this.model.findById(id).lean<Stored<T>>().exec();
  }

  async findOwnedByIdOrFail(clientId: Types.ObjectId, id: unknown, what: string): Promise<Stored<T>> {
    const record = await this.findOwnedById(clientId, id);
    if (!record) throw notFound(what);
    return record;
  }

  /** Several records by id, keeping only the client's own (unknown and foreign ids drop out). */
  async findOwnedByIds(clientId: Types.ObjectId, ids: readonly string[]): Promise<Stored<T>[]> {
    const valid = ids.filter(isObjectIdString);
    if (valid.length === 0) return [];
    const records = await this.model.find({ _id: { $in: valid } } as FilterQuery<T>).lean<Stored<T>[]>().exec();
    return records.filter((record) => clientId.equals(record.clientId));
  }

  find(filter: TenantFilter<T>): Promise<Stored<T>[]> {
    return this.model.find(filter).lean<Stored<T>[]>().exec();
  }

  async create(clientId: Types.ObjectId, data: Omit<Partial<T>, 'clientId'>): Promise<Stored<T>> {
    const created = await this.model.create({ ...data, clientId });
    return created.toObject() as Stored<T>;
  }
}
