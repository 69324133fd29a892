import { ExpiringCache } from './expiring-cache';

function cacheWithClock(ttlMs: number, maxEntries?: number) {
  const clock = { now: 1_000 };
  const loads: string[] = [];
  const cache = new ExpiringCache<string | null>(ttlMs, maxEntries, () => clock.now);
  const read = (key: string, value: string | null = `${key}@${clock.now}`) =>
    cache.get(
      key,
      async () => {
        loads.push(key);
        if (key === 'fail') throw new Error('database down');
        return value;
      },
      (found) => found !== null,
    );
  return { cache, clock, loads, read };
}

describe('ExpiringCache', () => {
  it('answers from memory within the lifetime and loads again after it', async () => {
    const { clock, loads, read } = cacheWithClock(3_000);
    expect(await read('a')).toBe('a@1000');
    clock.now += 3_000;
    expect(await read('a')).toBe('a@1000');
    clock.now += 1;
    expect(await read('a')).toBe('a@4001');
    expect(loads).toEqual(['a', 'a']);
  });

  it('shares one load between callers that miss at the same time', async () => {
    const { loads, read } = cacheWithClock(3_000);
    expect(await Promise.all([read('a'), read('a'), read('b')])).toEqual(['a@1000', 'a@1000', 'b@1000']);
    expect(loads).toEqual(['a', 'b']);
  });

  it('keeps neither a failed load nor a value that keep refuses', async () => {
    const { loads, read } = cacheWithClock(3_000);
    await expect(read('fail')).rejects.toThrow('database down');
    await expect(read('fail')).rejects.toThrow('database down');
    expect(await read('missing', null)).toBeNull();
    expect(await read('missing', 'created meanwhile')).toBe('created meanwhile');
    expect(loads).toEqual(['fail', 'fail', 'missing', 'missing']);
  });

  it('forgets an evicted key at once', async () => {
    const { cache, loads, read } = cacheWithClock(3_000);
    await read('a');
    cache.evict('a');
    await read('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('drops the oldest entry beyond its size', async () => {
    const { loads, read } = cacheWithClock(3_000, 2);
    await read('a');
    await read('b');
    await read('c');
    await read('b');
    await read('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('loads every time with a lifetime of 0', async () => {
    const { loads, read } = cacheWithClock(0);
    await read('a');
    await read('a');
    expect(loads).toEqual(['a', 'a']);
  });
});
