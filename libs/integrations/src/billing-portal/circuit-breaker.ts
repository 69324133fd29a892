export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  threshold: number;
  /** How long an open circuit fails fast before one trial call is let through. */
  cooldownMs: number;
  now?: () => number;
}

/**
 * Fails fast while a dependency is down: after `threshold` consecutive failures, calls are
 * refused for `cooldownMs`; then one trial call goes through (half-open) and its outcome closes
 * or re-opens the circuit. A success at any time resets the count.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a call may go out now; a `true` in the half-open state reserves the one trial. */
  tryAcquire(): boolean {
    if (this.openedAt === undefined) return true;
    if (this.now() - this.openedAt < this.options.cooldownMs || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  get isOpen(): boolean {
    return this.openedAt !== undefined;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.failures += 1;
    if (this.trialInFlight || this.failures >= this.options.threshold) this.openedAt = this.now();
    this.trialInFlight = false;
  }
}
