/** Thrown by `LeaseCheck.assertHeld` once a run may no longer hold its job: the run stops, and its job is left to whoever holds it now. */
export class LeaseLost extends Error {}

/** What work done inside a job checks before each write: whether its run still holds the job. */
export interface LeaseCheck {
  /** Aborted once the lease is lost or in doubt (its reason a `LeaseLost`). */
  readonly signal: AbortSignal;
  /** Throws `LeaseLost` once the run may no longer hold its job. Call it before every write. */
  assertHeld(): void;
}

/** For the same work done outside a job (a boot pass, a test calling a sweep): no lease to lose. */
export const NOT_LEASED: LeaseCheck = { signal: new AbortController().signal, assertHeld: () => undefined };

/**
 * A run's lease as the run knows it: held until `until` on the database's clock, as stored by the
 * claim or the last renewal. Another instance may claim the job once that time has passed on its
 * own reading of the same clock, so the run counts the lease lost a quarter of a lease *before*
 * it ends (room for a write sent after the check, and for the clocks' readings to differ); also
 * when a renewal finds the job taken over. A renewal that fails (the database unreachable) does not
 * end it at once: the lease still holds until its end, and one renewal after it may still succeed.
 * A process paused past its lease (SIGSTOP, a long GC pause) finds it lost at its first check
 * after it resumes, whatever runs first then.
 */
export class RunLease implements LeaseCheck {
  private readonly abort = new AbortController();
  private until: number;
  private lostBecause: string | null = null;
  private lastRenewalError: string | null = null;
  private timer?: NodeJS.Timeout;

  constructor(
    until: Date,
    private readonly leaseMs: number,
    /** The database's clock (ms). */
    private readonly now: () => number,
  ) {
    this.until = until.getTime();
    this.watch();
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Whether the run still holds its job (with a quarter of a lease to spare). */
  get held(): boolean {
    if (this.lostBecause === null && this.now() >= this.until - this.leaseMs / 4) {
      const why = this.lastRenewalError ? `its renewal failed (${this.lastRenewalError})` : 'it was not renewed in time';
      this.lose(`its lease ends at ${new Date(this.until).toISOString()} and ${why}`);
    }
    return this.lostBecause === null;
  }

  assertHeld(): void {
    if (!this.held) throw new LeaseLost(`this run no longer holds its job: ${this.lostBecause}`);
  }

  /** A renewal stored `until`. */
  renewed(until: Date): void {
    if (this.lostBecause !== null) return;
    this.until = until.getTime();
    this.lastRenewalError = null;
    this.watch();
  }

  /** A renewal failed: the lease is in doubt, and lost unless a later renewal succeeds in time. */
  renewalFailed(error: Error): void {
    this.lastRenewalError = error.message;
  }

  /** The lease is gone (another instance holds the job, or it is done). */
  lose(reason: string): void {
    if (this.lostBecause !== null) return;
    this.lostBecause = reason;
    clearTimeout(this.timer);
    this.abort.abort(new LeaseLost(reason));
  }

  /** The run ended: no more timers. */
  end(): void {
    clearTimeout(this.timer);
  }

  /** Aborts the signal when the lease's spare quarter begins, unless renewed before. */
  private watch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.held, Math.max(0, this.until - this.leaseMs / 4 - this.now())).unref();
  }
}
