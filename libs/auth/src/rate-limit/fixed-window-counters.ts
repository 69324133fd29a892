interface Window {
  hits: number;
  endsAt: number;
  /** Past the limit: refused until then (0: not blocked). */
  blockedUntil: number;
}

/** A hit counted: the count in its window and, in seconds, what is left of the window or of the block. */
export interface WindowHit {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

const SWEEP_INTERVAL_MS = 60_000;
const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Fixed-window counters: a count and an end per key, so a hit costs the same whatever the number
 * of hits in the window (@nestjs/throttler's in-memory storage kept one timestamp per hit and
 * filtered them on every hit: docs/performance.md). A key past its limit is refused for its block
 * duration, then starts a new window. Counters live in this instance's memory.
 */
export class FixedWindowCounters {
  private readonly windows = new Map<string, Window>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(sweepIntervalMs = SWEEP_INTERVAL_MS) {
    this.sweepTimer = setInterval(() => this.sweep(), sweepIntervalMs).unref();
  }

  /** A timer left running keeps a closed app alive. */
  close(): void {
    clearInterval(this.sweepTimer);
  }

  hit(key: string, windowMs: number, limit: number, blockMs: number, now = Date.now()): WindowHit {
    let window = this.windows.get(key);
    if (window && window.blockedUntil > now) return this.blocked(window, now);
    if (!window || window.endsAt <= now || window.blockedUntil !== 0) {
      window = { hits: 0, endsAt: now + windowMs, blockedUntil: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.hits > limit) {
      window.blockedUntil = now + blockMs;
      return this.blocked(window, now);
    }
    return { totalHits: window.hits, timeToExpire: seconds(window.endsAt - now), isBlocked: false, timeToBlockExpire: 0 };
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

  private blocked(window: Window, now: number): WindowHit {
    return { totalHits: window.hits, timeToExpire: seconds(window.endsAt - now), isBlocked: true, timeToBlockExpire: seconds(window.blockedUntil - now) };
  }
}
