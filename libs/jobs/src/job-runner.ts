import type { Logger } from '@nestjs/common';
import type { DatabaseClock } from '@app/database';
import { GiveUp, RetryLater } from './job-outcomes';
import type { Job } from './job.schema';
import type { JobRegistration } from './job-registration';
import type { JobStore } from './job-store';
import { LeaseLost, RunLease } from './run-lease';

/**
 * Runs the jobs this instance holds the leases of: the handler, its lease renewed meanwhile, and
 * what its outcome writes (done, due again, retried later or failed).
 */
export class JobRunner {
  private readonly inFlight = new Map<string, { done: Promise<void> }>();

  constructor(
    private readonly store: JobStore,
    private readonly clock: DatabaseClock,
    private readonly logger: Logger,
    /** Looks for due jobs soon: a slot freed while jobs wait, or a job rescheduled for now. */
    private readonly pollSoon: () => void,
  ) {}

  /** Runs a job this instance holds the lease of, in a slot already counted in `registration.running`. */
  start(job: Job, registration: JobRegistration, held?: unknown): Promise<void> {
    const lease = new RunLease(job.leaseUntil!, registration.leaseMs, () => this.clock.nowMs());
    const renewal = setInterval(() => void this.renew(job, registration, lease), registration.leaseMs / 3).unref();
    const done = this.run(job, registration, lease, held).finally(() => {
      clearInterval(renewal);
      lease.end();
      registration.running--;
      this.inFlight.delete(job._id);
      // Only when due jobs may be waiting for this slot: otherwise the next poll is soon enough, and
      // a read of the due jobs after every run was one more command per ingestion batch's webhooks.
      if (registration.backlog) this.pollSoon();
    });
    this.inFlight.set(job._id, { done });
    return done;
  }

  /**
   * One renewal of a run's lease; a failure is told to the run (its lease is in doubt) and logged,
   * never swallowed. Renewed as long as the handler runs, even once the run counts its lease lost:
   * a handler that goes on without checking keeps the job from a second runner as long as the
   * stored lease is still its own.
   */
  private async renew(job: Job, registration: JobRegistration, lease: RunLease): Promise<void> {
    try {
      const until = await this.store.renew(job, registration.leaseMs);
      if (until) lease.renewed(until);
      else lease.lose('another instance took the job over once its lease had run out');
    } catch (error) {
      lease.renewalFailed(error as Error);
      this.logger.warn(`renewing the lease of job ${job._id} failed: ${(error as Error).message}; its run stops unless a renewal succeeds in time`);
    }
  }

  private async run(job: Job, registration: JobRegistration, lease: RunLease, held: unknown): Promise<void> {
    const recurring = job.everyMs !== null;
    try {
      const result = await registration.handler({
        id: job._id,
        name: job.name,
        key: job.key,
        payload: job.payload,
        attempt: job.attempts,
        signal: lease.signal,
        lease,
        held,
      });
      if (result?.rescheduleAt) {
        await this.store.release(job, { runAt: result.rescheduleAt, lastError: null, completed: true, resetAttempts: true });
        if (result.rescheduleAt.getTime() <= this.clock.nowMs()) this.pollSoon();
      } else if (recurring) await this.store.release(job, { runAt: this.nextPeriod(job), lastError: null, completed: true, resetAttempts: true });
      else await this.store.remove(job);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      // Stopped before a write: the job is the claim's that took it over, or the next claim's once the lease ends.
      if (error instanceof LeaseLost) return void this.logger.warn(`job ${job._id} stopped (attempt ${job.attempts}): ${message}`);
      this.logger.warn(`job ${job._id} failed (attempt ${job.attempts}): ${message}`);
      await this.store.release(job, this.afterFailure(job, error, message)).catch((e: Error) => this.logger.error(`job ${job._id}: ${e.message}`));
    }
  }

  /** A recurring job's next due time: a period after the one it ran for, never in the past. */
  private nextPeriod(job: Job): Date {
    return new Date(Math.max(job.runAt.getTime() + job.everyMs!, this.clock.nowMs()));
  }

  private afterFailure(job: Job, error: unknown, message: string): { runAt: Date; state?: 'failed'; lastError: string; resetAttempts?: boolean } {
    if (error instanceof RetryLater) return { runAt: error.at, lastError: message };
    if (job.everyMs !== null) return { runAt: this.nextPeriod(job), lastError: message, resetAttempts: true };
    const delay = error instanceof GiveUp ? undefined : job.retryDelaysMs[job.attempts - 1];
    if (delay === undefined) return { runAt: job.runAt, state: 'failed', lastError: message };
    return { runAt: new Date(this.clock.nowMs() + delay), lastError: message };
  }

  /** Waits for the runs under way (at shutdown). */
  async finish(): Promise<void> {
    await Promise.all([...this.inFlight.values()].map(({ done }) => done));
  }
}
