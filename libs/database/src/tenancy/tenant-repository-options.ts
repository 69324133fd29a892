import type { FilterQuery, ProjectionType, Types } from 'mongoose';
import type { OwnerScope } from './owner-visibility';

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
