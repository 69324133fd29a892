import type { Collection } from 'mongodb';
import { Types } from 'mongoose';

interface Cached<T> {
  version: number;
  checkedAt: number;
  value: Promise<T>;
}

/**
 * Something built from all of a client's records of one kind (a spatial index of its geofences or
 * places), kept in memory per client and rebuilt when the client's change counter moves: at once
 * after this instance's own edits (`changed`), and within `ttlMs` after another instance's (the
 * counter is read by `_id`, a lookup, at most that often).
 */
export class ClientVersionedCache<T> {
  private readonly cache = new Map<string, Cached<T>>();

  constructor(
    /** The change counters: `{_id: clientId, version}`. */
    private readonly versions: Collection,
    private readonly ttlMs: number,
    private readonly build: (clientId: Types.ObjectId) => Promise<T>,
  ) {}

  async of(clientId: Types.ObjectId): Promise<T> {
    const key = clientId.toHexString();
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached && now - cached.checkedAt < this.ttlMs) return cached.value;
    const version = await this.versionOf(clientId);
    if (cached && cached.version === version) {
      cached.checkedAt = now;
      return cached.value;
    }
    const value = this.build(clientId);
    this.cache.set(key, { version, checkedAt: now, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** After a change of the client's records: the counter moves (other instances see it) and this instance rebuilds at once. */
  async changed(clientId: Types.ObjectId): Promise<void> {
    await this.versions.updateOne({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true });
    this.cache.delete(clientId.toHexString());
  }

  private async versionOf(clientId: Types.ObjectId): Promise<number> {
    const doc = await this.versions.findOne<{ version: number }>({ _id: clientId });
    return doc?.version ?? 0;
  }
}
