import type { Types } from 'mongoose';
import type { TenantScope } from './tenant-scope';

/**
 * Which owners of a client's records a caller may see, for records that belong to another record
 * of the client (an asset's work orders, inspections, events, …): such a record is visible
 * exactly when its owner is. The fleet library answers it for assets (client and tracker scope,
 * archived assets included: their history stays readable).
 */
export interface OwnerVisibility {
  /** The owners the caller may see, or `undefined` when it may see every owner of its client. */
  visibleOwners(scope: TenantScope): Promise<readonly Types.ObjectId[] | undefined>;
  /** Whether the caller may see this owner (a point read: one owner, not the whole list). */
  canSee(scope: TenantScope, ownerId: Types.ObjectId): Promise<boolean>;
}

/** The injection token of the owner visibility of owned models (provided by `@app/fleet` for assets). */
export const OWNER_VISIBILITY = 'OwnerVisibility';

/** An owned model's owner field and how its visibility is decided. */
export interface OwnerScope {
  field: string;
  visibility: OwnerVisibility;
  /**
   * Whether a record without an owner is visible to every caller of the client (true: the inbox's
   * system notices, which the reads also keep to their recipients) or, by default, only to a
   * caller who sees every owner.
   */
  ownerlessVisible?: boolean;
}
