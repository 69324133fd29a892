import { Types } from 'mongoose';

/** The trackers a user may see: all of the client's, or a list. */
export class TrackerScope {
  private constructor(private readonly allowed: ReadonlySet<string> | 'all') {}

  static all(): TrackerScope {
    return new TrackerScope('all');
  }

  static of(trackerIds: Iterable<Types.ObjectId | string>): TrackerScope {
    return new TrackerScope(new Set(Array.from(trackerIds, String)));
  }

  get isAll(): boolean {
    return this.allowed === 'all';
  }

  /** The allowed tracker ids, or `undefined` for all. */
  get trackerIds(): string[] | undefined {
    return this.allowed === 'all' ? undefined : [...this.allowed];
  }

  includes(trackerId: Types.ObjectId | string | null | undefined): boolean {
    if (trackerId === null || trackerId === undefined) return false;
    return this.allowed === 'all' || this.allowed.has(String(trackerId));
  }

  toJSON(): { all: boolean; trackerIds?: string[] } {
    return this.allowed === 'all' ? { all: true } : { all: false, trackerIds: [...this.allowed] };
  }
}
