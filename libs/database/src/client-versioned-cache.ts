import type { Collection } from 'mongodb';
import { Types } from 'mongoose';

interface Cached<T> {
  version: number;
  checkedAt: number;
  value: Promise<T>;
  /** The value once built; until then, the one it replaces (for readers that take it meanwhile). */
  built?: T;
}

/**
 * Something built from all of a client's records of one kind (a spatial index of its geofences or
 * places), kept in memory per client and rebuilt when the client's change counter moves: at once
 * after this instance's own edits (`changed`), and within `ttlMs` after another instance's (the
 * counter is read by `_id`, a lookup, at most that often). A reader that can live with the value
 * of a moment ago (`stale`) is not held up by a rebuild: 100 000 places take seconds to read.
 */
export class ClientVersionedCache<T> {
  private readonly cache = new Map<string, Cached<T>>();
  private readonly checks = new Map<string, Promise<Cached<T>>>();

  constructor(
    /** The change counters: `{_id: clientId, version}`. */
    private readonly versions: Collection,
    private readonly ttlMs: number,
    private readonly build: (clientId: Types.ObjectId) => Promise<T>,
  ) {}

  async of(clientId: Types.ObjectId, { stale = false } = {}): Promise<T> {
    const key = clientId.toHexString();
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.checkedAt < this.ttlMs) return this.answer(cached, stale);
    // Readers that miss together share one check of the counter, and one build.
    let check = this.checks.get(key);
    if (!check) {
      check = this.check(key, clientId, cached).finally(() => this.checks.delete(key));
      this.checks.set(key, check);
    }
    return this.answer(await check, stale);
  }

  private async check(key: string, clientId: Types.ObjectId, cached: Cached<T> | undefined): Promise<Cached<T>> {
    const version = await this.versionOf(clientId);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      return cached;
    }
    const entry: Cached<T> = { version, checkedAt: Date.now(), value: this.build(clientId), built: cached?.built };
    this.cache.set(key, entry);
    entry.value.then(
      (value) => (entry.built = value),
      () => this.cache.get(key) === entry && this.cache.delete(key),
    );
    return entry;
  }

  /** After a change of the client's records: the counter moves (other instances see it) and this instance rebuilds at its next read. */
  async changed(clientId: Types.ObjectId): Promise<void> {
    await this.versions.updateOne({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true });
    const cached = this.cache.get(clientId.toHexString());
    if (cached) [cached.version, cached.checkedAt] = [-1, -Infinity];
  }

  private answer(cached: Cached<T>, stale: boolean): Promise<T> {
    return stale && cached.built !== undefined ? Promise.resolve(cached.built) : cached.value;
  }

  private async versionOf(clientId: Types.ObjectId): Promise<number> {
    const doc = await this.versions.findOne<{ version: number }>({ _id: clientId });
    return doc?.version ?? 0;
  }
}
