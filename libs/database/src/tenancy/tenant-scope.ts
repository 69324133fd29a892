import type { Types } from 'mongoose';

/** The trackers a caller may see (the auth library's `TrackerScope` is one). */
export interface TrackerScopeLike {
  readonly isAll: boolean;
  /** The allowed tracker ids, or `undefined` for all. */
  readonly trackerIds: string[] | undefined;
  includes(trackerId: Types.ObjectId | string | null | undefined): boolean;
}

/**
 * Whose data a query reads or writes: the caller's client and, for tracker-scoped records, the
 * caller's trackers. A request's `AuthContext` is one; a job or a seed that acts for a client
 * builds one with `scopeOfClient`.
 */
export interface TenantScope {
  readonly clientId: Types.ObjectId;
  readonly trackerScope?: TrackerScopeLike;
}

/** A scope that names the caller's trackers: what tracker-scoped records (assets, trackers) need. */
export type TrackedScope = TenantScope & { readonly trackerScope: TrackerScopeLike };

const ALL_TRACKERS: TrackerScopeLike = { isAll: true, trackerIds: undefined, includes: () => true };

/** Every record of one client, all trackers included: for jobs and tools acting for the client. */
export function scopeOfClient(clientId: Types.ObjectId): TrackedScope {
  return { clientId, trackerScope: ALL_TRACKERS };
}
