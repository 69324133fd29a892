import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  hits: number;
  endsAt: number;
  /** Past the limit: refused until then (0: not blocked). */
  blockedUntil: number;
}

/** What @nestjs/throttler's guard reads of a hit (its `ThrottlerStorageRecord`). */
export interface ThrottlerHit {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

const SWEEP_INTERVAL_MS = 60_000;
const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Fixed-window counters for @nestjs/throttler's guard: a count and an end per key, so a hit costs
 * the same whatever the number of hits in the window. The library's own in-memory storage keeps
 * one timestamp per hit and filters them on every hit (a sliding log): at the default limit of
 * 600 a minute, about 600 timestamps per key and per request (docs/performance.md). A key past
 * its limit is refused for `blockDuration` (the window's length by default), then starts a new
 * window. Counters live in this instance's memory, as the library's do.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly windows = new Map<string, Window>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(sweepIntervalMs = SWEEP_INTERVAL_MS) {
    this.sweepTimer = setInterval(() => this.sweep(), sweepIntervalMs).unref();
  }

  /** Nest calls it on the module's storage provider: a timer left running keeps a closed app alive. */
  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  // The interface's method is async; the work is not.
  increment(key: string, ttl: number, limit: number, blockDuration: number, _throttlerName?: string, now = Date.now()): Promise<ThrottlerHit> {
    let window = this.windows.get(key);
    if (window && window.blockedUntil > now) return Promise.resolve(this.blocked(window, now));
    if (!window || window.endsAt <= now || window.blockedUntil !== 0) {
      window = { hits: 0, endsAt: now + ttl, blockedUntil: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.hits > limit) {
      window.blockedUntil = now + blockDuration;
      return Promise.resolve(this.blocked(window, now));
    }
    return Promise.resolve({ totalHits: window.hits, timeToExpire: seconds(window.endsAt - now), isBlocked: false, timeToBlockExpire: 0 });
  }

  /** Keys whose window and block are over (an idle client's) are forgotten. */
  sweep(now = Date.now()): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now && window.blockedUntil <= now) this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }

  private blocked(window: Window, now: number): ThrottlerHit {
    return { totalHits: window.hits, timeToExpire: seconds(window.endsAt - now), isBlocked: true, timeToBlockExpire: seconds(window.blockedUntil - now) };
  }
}
