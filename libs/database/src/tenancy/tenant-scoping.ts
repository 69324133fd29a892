import { Types, type FilterQuery, type UpdateQuery } from 'mongoose';
import type { TenantQuery } from './tenant-query';
import type { Stored, TenantOwned, TenantRepositoryOptions } from './tenant-repository-options';
import type { TenantScope, TrackerScopeLike } from './tenant-scope';

const CLIENT_KEYS = ['clientId'];

/**
 * Which records of a repository a caller sees, checked in code on records read and added to
 * filters: the caller's client, its trackers (tracker-scoped records), the owners it may see
 * (owned records), and the records every client may read when asked for.
 */
export class TenantScoping<T extends TenantOwned> {
  constructor(
    private readonly modelName: string,
    private readonly options: TenantRepositoryOptions<T>,
  ) {}

  /**
   * The client's, within the caller's trackers (tracker-scoped records), of an owner the caller
   * may see (owned records). A plain boolean unless the owner must be looked at: reads by id are
   * the busy path, and most callers see every tracker.
   */
  isVisible(scope: TenantScope, record: Stored<T>): boolean | Promise<boolean> {
    if (!this.isInScope(scope, record)) return false;
    const owner = this.options.owner;
    if (!owner || this.ownerScope(scope).trackerScope?.isAll) return true;
    const ownerId = this.ownerOf(record);
    // A record without an owner: only a caller who sees every owner reads it, as in lists — unless ownerless records are everyone's.
    if (!ownerId) return owner.ownerlessVisible === true;
    return owner.visibility.canSee(scope, ownerId);
  }

  async visibleAmong(scope: TenantScope, records: Stored<T>[]): Promise<Stored<T>[]> {
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

  /** The caller's filter kept to its client, trackers and visible owners; with `includeShared`, also to the shared records. */
  async filter(scope: TenantScope, filter: TenantQuery<T>, includeShared = false): Promise<FilterQuery<T>> {
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
    if (!scope.trackerScope) throw new Error(`${this.modelName} records are tracker-scoped: the scope must carry the caller's trackers`);
    return scope.trackerScope;
  }

  /** Updates never move a record to another client. */
  checked(update: UpdateQuery<T>): UpdateQuery<T> {
    const touchesClient = (part: unknown) => typeof part === 'object' && part !== null && 'clientId' in part;
    if (touchesClient(update) || Object.values(update).some(touchesClient)) throw new Error('An update must not change clientId');
    return update;
  }
}
