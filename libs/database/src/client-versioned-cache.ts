import type { Collection } from 'mongodb';
import { Types } from 'mongoose';

/**
 * The most records one change logs, and one patch reads again: the biggest import, 10 000 places,
 * patched into 100 000 in 0.5 s where a build takes 4 s (docs/performance.md, "Places"); more, and
 * the value is built again.
 */
export const MAX_PATCHED_IDS = 10_000;
/** The most versions a value is patched across (further behind, it is built again). */
const MAX_PATCHED_VERSIONS = 200;

/** Where the records each version of a client changed are logged (`{_id: "<clientId>:<version>", ids, at}`), and how a value takes them. */
export interface ClientChangeLog<T> {
  collection: Collection;
  /** The value after these records changed (each read again by id, so a record logged twice is no matter), from the one before. */
  patch: (clientId: Types.ObjectId, previous: T, ids: readonly string[]) => Promise<T>;
}

interface Cached<T> {
  version: number;
  checkedAt: number;
  value: Promise<T>;
  /** The value once built; until then, the one it replaces (for readers that take it meanwhile). */
  built?: T;
  /** Whether `built` is this version's value. */
  settled?: boolean;
}

/**
 * Something built from all of a client's records of one kind (a spatial index of its geofences or
 * places), kept in memory per client and rebuilt when the client's change counter moves: at once
 * after this instance's own edits (`changed`), and within `ttlMs` after another instance's (the
 * counter is read by `_id`, a lookup, at most that often). A reader that can live with the value
 * of a moment ago (`stale`) is not held up by a rebuild: 100 000 places take seconds to read.
 * Given a change log, a value a few versions behind is patched instead: only the records those
 * versions changed are read again.
 */
export class ClientVersionedCache<T> {
  private readonly cache = new Map<string, Cached<T>>();
  private readonly checks = new Map<string, Promise<Cached<T>>>();
  /** This instance's changes in flight per client: a check waits for them, so it never reads a counter moved ahead of its log. */
  private readonly changing = new Map<string, Promise<unknown>>();

  constructor(
    /** The change counters: `{_id: clientId, version}`. */
    private readonly versions: Collection,
    private readonly ttlMs: number,
    private readonly build: (clientId: Types.ObjectId) => Promise<T>,
    /** A log of the records each version changed, for a value patched from the one before rather than built again. */
    private readonly changes?: ClientChangeLog<T>,
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
    await this.changing.get(key);
    const version = await this.versionOf(clientId);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      return cached;
    }
    const entry: Cached<T> = { version, checkedAt: Date.now(), value: this.next(clientId, cached, version), built: cached?.built };
    this.cache.set(key, entry);
    entry.value.then(
      (value) => Object.assign(entry, { built: value, settled: true }),
      () => this.cache.get(key) === entry && this.cache.delete(key),
    );
    return entry;
  }

  /**
   * After a change of the client's records (`ids`: which, for a log): the counter moves (other
   * instances see it) and the records are logged under its new value. This instance takes the
   * change at its next read, or at once when the writer says how (`applied`: the value after its
   * own write, from the one before) and its value was of the version just before: no other
   * instance's change is then missing, and nothing is read again.
   */
  async changed(clientId: Types.ObjectId, ids?: readonly string[], applied?: (previous: T) => T): Promise<void> {
    const key = clientId.toHexString();
    const change = this.logged(clientId, ids);
    // Settled once this change and every one before it are: a check waits for them all.
    const inFlight = Promise.allSettled([this.changing.get(key), change]);
    this.changing.set(key, inFlight);
    void inFlight.then(() => this.changing.get(key) === inFlight && this.changing.delete(key));
    const version = await change;
    const cached = this.cache.get(key);
    if (!cached) return;
    if (applied && version === cached.version + 1 && cached.settled) {
      const value = applied(cached.built as T);
      // A change of this instance not yet taken (its version further on) keeps the next read checking.
      this.cache.set(key, {
        version,
        checkedAt: cached.checkedAt === -Infinity ? -Infinity : Date.now(),
        value: Promise.resolve(value),
        built: value,
        settled: true,
      });
    } else cached.checkedAt = -Infinity;
  }

  /** Moves the counter, then logs the records under its new value; answers that value. */
  private async logged(clientId: Types.ObjectId, ids?: readonly string[]): Promise<number | undefined> {
    const counter = await this.versions.findOneAndUpdate({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true, returnDocument: 'after' });
    if (this.changes && ids && ids.length <= MAX_PATCHED_IDS && counter) {
      // Not logged (an error, a crash before): whoever reads this version builds the value again.
      await this.changes.collection
        .insertOne({ _id: `${clientId.toHexString()}:${counter.version}`, ids: [...ids], at: new Date() } as never)
        .catch(() => undefined);
    }
    return counter?.version as number | undefined;
  }

  /** The value at `version`: patched from the cached one by the logged changes since, else built. */
  private next(clientId: Types.ObjectId, cached: Cached<T> | undefined, version: number): Promise<T> {
    const behind = cached ? version - cached.version : Infinity;
    if (!this.changes || !cached || behind < 1 || behind > MAX_PATCHED_VERSIONS) return this.build(clientId);
    return this.patched(clientId, cached, version, this.changes).catch(() => this.build(clientId));
  }

  private async patched(clientId: Types.ObjectId, cached: Cached<T>, version: number, changes: ClientChangeLog<T>): Promise<T> {
    const previous = await cached.value;
    const keys = Array.from({ length: version - cached.version }, (_, i) => `${clientId.toHexString()}:${cached.version + 1 + i}`);
    const logged = await changes.collection.find<{ ids: string[] }>({ _id: { $in: keys } } as never).toArray();
    const ids = new Set(logged.flatMap((entry) => entry.ids));
    if (logged.length !== keys.length || ids.size > MAX_PATCHED_IDS) return this.build(clientId);
    return changes.patch(clientId, previous, [...ids]);
  }

  private answer(cached: Cached<T>, stale: boolean): Promise<T> {
    return stale && cached.built !== undefined ? Promise.resolve(cached.built) : cached.value;
  }

  private async versionOf(clientId: Types.ObjectId): Promise<number> {
    const doc = await this.versions.findOne<{ version: number }>({ _id: clientId });
    return doc?.version ?? 0;
  }
}
