import { FixedWindowThrottlerStorage } from './fixed-window-storage';

describe('FixedWindowThrottlerStorage', () => {
  const MINUTE = 60_000;
  const t0 = 1_000_000;
  let storage: FixedWindowThrottlerStorage;
  beforeEach(() => (storage = new FixedWindowThrottlerStorage()));
  afterEach(() => storage.onApplicationShutdown());

  it('counts hits in the window and answers the time left in it', async () => {
    await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0);
    const second = await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + 10_500);
    expect(second).toEqual({ totalHits: 2, timeToExpire: 50, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('blocks the hit past the limit for the block duration, then starts a new window', async () => {
    for (let i = 0; i < 3; i++) expect((await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + i)).isBlocked).toBe(false);
    const refused = await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + 1_000);
    expect(refused).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    // Still refused later in the block, even though the window it started in has ended.
    expect(await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + 60_500)).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    const after = await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + 61_000);
    expect(after).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('starts a new count when the window ends', async () => {
    for (let i = 0; i < 3; i++) await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0);
    expect(await storage.increment('k', MINUTE, 3, MINUTE, 'ip', t0 + MINUTE)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps each key apart', async () => {
    for (let i = 0; i < 3; i++) await storage.increment('a', MINUTE, 3, MINUTE, 'ip', t0);
    expect((await storage.increment('a', MINUTE, 3, MINUTE, 'ip', t0)).isBlocked).toBe(true);
    expect((await storage.increment('b', MINUTE, 3, MINUTE, 'ip', t0)).isBlocked).toBe(false);
  });

  it('forgets keys whose window and block are over, and keeps the others', async () => {
    await storage.increment('idle', MINUTE, 3, MINUTE, 'ip', t0);
    await storage.increment('busy', MINUTE, 3, MINUTE, 'ip', t0 + 30_000);
    for (let i = 0; i < 4; i++) await storage.increment('blocked', MINUTE, 3, 5 * MINUTE, 'ip', t0);
    storage.sweep(t0 + MINUTE + 1);
    expect(storage.size).toBe(2);
    storage.sweep(t0 + 6 * MINUTE);
    expect(storage.size).toBe(0);
  });
});
