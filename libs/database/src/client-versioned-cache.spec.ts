import type { Collection } from 'mongodb';
import { Types } from 'mongoose';
import { ClientVersionedCache } from './client-versioned-cache';

/** The change counters as the driver's collection answers them, kept in a map. */
function counters(): Collection {
  const versions = new Map<string, number>();
  return {
    findOne: async ({ _id }: { _id: Types.ObjectId }) => (versions.has(String(_id)) ? { version: versions.get(String(_id)) } : null),
    updateOne: async ({ _id }: { _id: Types.ObjectId }) => versions.set(String(_id), (versions.get(String(_id)) ?? 0) + 1),
  } as unknown as Collection;
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
});
