import { FixedWindowCounters } from './fixed-window-counters';

describe('FixedWindowCounters', () => {
  const MINUTE = 60_000;
  const t0 = 1_000_000;
  let counters: FixedWindowCounters;
  beforeEach(() => (counters = new FixedWindowCounters()));
  afterEach(() => counters.close());

  it('counts hits in the window and answers the time left in it', () => {
    counters.hit('k', MINUTE, 3, MINUTE, t0);
    const second = counters.hit('k', MINUTE, 3, MINUTE, t0 + 10_500);
    expect(second).toEqual({ totalHits: 2, timeToExpire: 50, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('blocks the hit past the limit for the block duration, then starts a new window', () => {
    for (let i = 0; i < 3; i++) expect(counters.hit('k', MINUTE, 3, MINUTE, t0 + i).isBlocked).toBe(false);
    const refused = counters.hit('k', MINUTE, 3, MINUTE, t0 + 1_000);
    expect(refused).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    // Still refused later in the block, even though the window it started in has ended.
    expect(counters.hit('k', MINUTE, 3, MINUTE, t0 + 60_500)).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    const after = counters.hit('k', MINUTE, 3, MINUTE, t0 + 61_000);
    expect(after).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('starts a new count when the window ends', () => {
    for (let i = 0; i < 3; i++) counters.hit('k', MINUTE, 3, MINUTE, t0);
    expect(counters.hit('k', MINUTE, 3, MINUTE, t0 + MINUTE)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps each key apart', () => {
    for (let i = 0; i < 3; i++) counters.hit('a', MINUTE, 3, MINUTE, t0);
    expect(counters.hit('a', MINUTE, 3, MINUTE, t0).isBlocked).toBe(true);
    expect(counters.hit('b', MINUTE, 3, MINUTE, t0).isBlocked).toBe(false);
  });

  it('forgets keys whose window and block are over, and keeps the others', () => {
    counters.hit('idle', MINUTE, 3, MINUTE, t0);
    counters.hit('busy', MINUTE, 3, MINUTE, t0 + 30_000);
    for (let i = 0; i < 4; i++) counters.hit('blocked', MINUTE, 3, 5 * MINUTE, t0);
    counters.sweep(t0 + MINUTE + 1);
    expect(counters.size).toBe(2);
    counters.sweep(t0 + 6 * MINUTE);
    expect(counters.size).toBe(0);
  });
});
