import type { LeaseCheck } from './run-lease';

/** Thrown by a handler: try again at `at` (instead of the job's retry delays), the attempt not counted as spent. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly at: Date,
  ) {
    super(message);
  }
}

/** Thrown by a handler: this job cannot succeed; mark it `failed` without the retries left. */
export class GiveUp extends Error {}

/** What a handler may answer: run this job again at `at` (a self-scheduling job's next run). */
export interface Reschedule {
  rescheduleAt: Date;
}

/** One run of a job, as its handler sees it. */
export interface JobRun<P = unknown> {
  id: string;
  name: string;
  key: string;
  payload: P;
  /** 1 on the first run; a run after a crash counts too. */
  attempt: number;
  /** Aborted when this run lost its lease or holds it in doubt (`lease.signal`). */
  signal: AbortSignal;
  /**
   * Whether this run still holds its job: `lease.assertHeld()` before every write (and before
   * anything sent out) throws `LeaseLost` once another instance may have taken the job over, so a
   * run that outlived its lease (a paused process, a database it could not reach) stops instead
   * of writing beside the run that took over. Pass it on to the services the handler calls.
   */
  lease: LeaseCheck;
  /**
   * What the enqueuer handed over with `enqueueHere` (what it holds in memory, so the handler
   * need not read it back): only on that first run, on that instance; undefined on any other run.
   */
  held?: unknown;
}

export type JobHandler<P = unknown> = (run: JobRun<P>) => Promise<Reschedule | void>;

export interface HandlerOptions {
  /** How long a claim holds the job; renewed every third of it while the handler runs (60 s). */
  leaseMs?: number;
  /** Runs of this handler at once on one instance (4). */
  concurrency?: number;
}

export interface RecurringOptions extends HandlerOptions {
  /** Also due whenever an instance starts (a boot sweep: what a crash left behind is handled at once). */
  atStart?: boolean;
}

export interface EnqueueOptions {
  /** The job's identity with its name: the same key twice is one job (default: a new id). */
  key?: string;
  /** Not before then (default: now). */
  runAt?: Date;
  /** Delays (ms) after the 1st, 2nd, … failed attempt; spent: `failed` (default: none). */
  retryDelaysMs?: number[];
}
