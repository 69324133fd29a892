import type { Collection } from 'mongodb';
import { Types } from 'mongoose';
import { ClientVersionedCache, MAX_PATCHED_IDS } from './client-versioned-cache';

/** The change counters as the driver's collection answers them, kept in a map. */
function counters(): Collection {
  const versions = new Map<string, number>();
  return {
    findOne: async ({ _id }: { _id: Types.ObjectId }) => (versions.has(String(_id)) ? { version: versions.get(String(_id)) } : null),
    findOneAndUpdate: async ({ _id }: { _id: Types.ObjectId }) => {
      versions.set(String(_id), (versions.get(String(_id)) ?? 0) + 1);
      return { version: versions.get(String(_id)) };
    },
  } as unknown as Collection;
}

/** A change log as the driver's collection answers it: inserts, and finds by a list of `_id`s. */
function changeLog(): Collection & { entries: Map<string, { ids: string[] }> } {
  const entries = new Map<string, { ids: string[] }>();
  return {
    entries,
    insertOne: async (doc: { _id: string; ids: string[] }) => entries.set(doc._id, { ids: doc.ids }),
    find: ({ _id }: { _id: { $in: string[] } }) => ({ toArray: async () => _id.$in.flatMap((key) => (entries.has(key) ? [entries.get(key)] : [])) }),
  } as unknown as Collection & { entries: Map<string, { ids: string[] }> };
}

describe('ClientVersionedCache', () => {
  const client = new Types.ObjectId();

  it('rebuilds after a change; a stale reader gets the value of a moment ago while the rebuild runs', async () => {
    let builds = 0;
    let release: () => void = () => undefined;
    const cache = new ClientVersionedCache<number>(counters(), 60_000, async () => {
      builds++;
      if (builds === 2) await new Promise<void>((resolve) => (release = resolve));
      return builds;
    });
    expect(await cache.of(client)).toBe(1);
    expect(await cache.of(client)).toBe(1);
    await cache.changed(client);
    const fresh = cache.of(client);
    expect(await cache.of(client, { stale: true })).toBe(1);
    release();
    expect(await fresh).toBe(2);
    expect(await cache.of(client, { stale: true })).toBe(2);
    expect(builds).toBe(2);
  });

  it('waits for the first build even for a stale reader, and forgets a build that failed', async () => {
    let fail = true;
    const cache = new ClientVersionedCache<string>(counters(), 60_000, async () => {
      if (fail) throw new Error('database down');
      return 'built';
    });
    await expect(cache.of(client, { stale: true })).rejects.toThrow('database down');
    fail = false;
    expect(await cache.of(client, { stale: true })).toBe('built');
  });

  it('patches the value from the logged changes, on this instance and another, and builds it again when an entry is missing', async () => {
    const [versions, log] = [counters(), changeLog()];
    const builds: number[] = [];
    const patches: string[][] = [];
    const instance = (name: number) =>
      new ClientVersionedCache<string[]>(
        versions,
        0,
        async () => {
          builds.push(name);
          return ['a', 'b'];
        },
        { collection: log, patch: async (_client, previous, ids) => (patches.push([...ids]), [...previous.filter((id) => !ids.includes(id)), ...ids]) },
      );
    const [one, two] = [instance(1), instance(2)];
    expect([await one.of(client), await two.of(client)]).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    await one.changed(client, ['c']);
    await one.changed(client, ['a', 'c']);
    expect(await one.of(client)).toEqual(['b', 'c', 'a']);
    expect(await two.of(client)).toEqual(['b', 'c', 'a']);
    expect(patches).toEqual([
      ['c', 'a'],
      ['c', 'a'],
    ]);
    // A change whose entry was never written (a crash between the counter and the log): built whole.
    await versions.findOneAndUpdate({ _id: client }, { $inc: { version: 1 } });
    expect(await two.of(client)).toEqual(['a', 'b']);
    expect(builds).toEqual([1, 2, 2]);
  });

  it("takes this instance's change from the writer without a read, and reads the log when another instance changed in between", async () => {
    const [versions, log] = [counters(), changeLog()];
    const patches: string[][] = [];
    const instance = () =>
      new ClientVersionedCache<string[]>(versions, 60_000, async () => ['a'], {
        collection: log,
        patch: async (_client, previous, ids) => (patches.push([...ids]), [...previous, ...ids]),
      });
    const [one, two] = [instance(), instance()];
    await Promise.all([one.of(client), two.of(client)]);
    await one.changed(client, ['b'], (previous) => [...previous, 'b']);
    expect(await one.of(client)).toEqual(['a', 'b']);
    expect([patches, [...log.entries.keys()]]).toEqual([[], [`${client.toHexString()}:1`]]);
    // `two` holds version 0 and the counter moves to 2: its own change alone would miss `b`.
    await two.changed(client, ['c'], (previous) => [...previous, 'c']);
    expect(await two.of(client)).toEqual(['a', 'b', 'c']);
    expect(patches).toEqual([['b', 'c']]);
  });

  it('patches a change as big as the biggest import, and builds again past it or when the versions behind change more', async () => {
    const [versions, log] = [counters(), changeLog()];
    let builds = 0;
    const patched: number[] = [];
    const cache = new ClientVersionedCache<string[]>(versions, 0, async () => (builds++, []), {
      collection: log,
      patch: async (_client, previous, ids) => (patched.push(ids.length), previous),
    });
    const ids = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    await cache.of(client);
    await cache.changed(client, ids(MAX_PATCHED_IDS, 'a'));
    await cache.of(client);
    expect([builds, patched]).toEqual([1, [MAX_PATCHED_IDS]]);
    await cache.changed(client, ids(MAX_PATCHED_IDS + 1, 'b'));
    await cache.of(client);
    expect([builds, patched]).toEqual([2, [MAX_PATCHED_IDS]]);
    // Two logged versions read together: more ids than one patch reads.
    await cache.changed(client, ids(MAX_PATCHED_IDS, 'c'));
    await cache.changed(client, ids(1, 'd'));
    await cache.of(client);
    expect([builds, patched]).toEqual([3, [MAX_PATCHED_IDS]]);
  });
});
