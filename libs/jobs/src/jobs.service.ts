import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import { DatabaseClock } from '@app/database';
import { chooseDueJobs } from './due-job-choice';
import { EnqueueOptions, HandlerOptions, JobHandler, JobRun, RecurringOptions } from './job-outcomes';
import type { JobRegistration } from './job-registration';
import { JobRunner } from './job-runner';
import { Job, jobId } from './job.schema';
import { JobStore } from './job-store';

const RECURRING_KEY = 'recurring';

/**
 * Durable background work with leases in MongoDB: each job runs on one instance at a time, and a
 * job whose instance died (SIGKILL, OOM) is run again by another once its lease expires — so
 * handlers are idempotent. Domains register handlers in `onModuleInit` (`handle`; a recurring job
 * is a method marked `@RecurringJob`, which `RecurringJobs` registers with `every`) and
 * enqueue with `enqueue` (or `enqueueHere`, to run at once what this instance just created); only
 * a server polls (`runsBackgroundWork`, and not with JOBS_RUN=false), every JOBS_POLL_MS, and at
 * once after this instance enqueues something due. Lease times are on the database's clock
 * (`DatabaseClock`), and a run checks its lease before it writes (`run.lease.assertHeld()`). See
 * docs/architecture.md, "Background jobs".
 */
@Injectable()
export class Jobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(Jobs.name);
  private readonly store: JobStore;
  private readonly runner: JobRunner;
  private readonly handlers = new Map<string, JobRegistration>();
  /** This instance, as lease owner. */
  readonly owner = `${hostname()}:${process.pid}:${new Types.ObjectId().toHexString().slice(-6)}`;
  private readonly pollMs: number;
  private readonly polling: boolean;
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectModel(Job.name) model: Model<Job>,
    config: AppConfig,
    private readonly clock: DatabaseClock,
  ) {
    this.store = new JobStore(model, () => clock.now());
    this.runner = new JobRunner(this.store, clock, this.logger, () => this.pollSoon());
    this.pollMs = config.get('JOBS_POLL_MS');
    // A command never runs jobs; a server does unless JOBS_RUN=false leaves them to other instances.
    this.polling = config.runsBackgroundWork && config.get('JOBS_RUN');
  }

  /** Registers the handler of a job name (from a provider's `onModuleInit`). */
  handle<P>(name: string, handler: JobHandler<P>, { leaseMs = 60_000, concurrency = 4 }: HandlerOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`Job ${name} already has a handler`);
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, leaseMs, concurrency, running: 0, backlog: false });
  }

  /**
   * A job that runs once every `everyMs` across all instances (a sweep). First due when the first
   * instance starts; with `atStart`, due again whenever one starts. A sweep that writes in a loop
   * checks `run.lease` before each write.
   */
  every(name: string, everyMs: number, handler: (run: JobRun<null>) => Promise<void>, { atStart = false, ...options }: RecurringOptions = {}): void {
    this.handle<null>(name, async (run) => handler(run), options);
    Object.assign(this.handlers.get(name)!, { everyMs, atStart });
  }

  /** Stores a job; the same name and key twice is one job (`created: false` the second time). */
  async enqueue<P>(
    name: string,
    payload: P,
    { key = new Types.ObjectId().toHexString(), runAt = this.clock.now(), retryDelaysMs = [] }: EnqueueOptions = {},
  ): Promise<{ id: string; created: boolean }> {
    const created = await this.store.insert({ name, key, payload, runAt, retryDelaysMs, everyMs: null });
    if (created && runAt.getTime() <= this.clock.nowMs()) this.pollSoon();
    return { id: jobId(name, key), created };
  }

  /**
   * `enqueue` of a job this instance starts at once when it can: stored already leased to this
   * instance (one insert instead of an insert, a read of the due jobs and a claim) and run here,
   * its handler given `held` (what the caller holds in memory). If this instance dies, the lease
   * expires and another instance runs the job from what is stored, as any claimed job. Stored as by
   * `enqueue`, for the next claim pass, when this instance runs no background work, is stopping or
   * has no room for the handler. Answers as `enqueue`; nothing runs when the key is not new.
   */
  async enqueueHere<P>(
    name: string,
    payload: P,
    { key, held, retryDelaysMs = [] }: { key: string; held?: unknown } & Pick<EnqueueOptions, 'retryDelaysMs'>,
  ): Promise<{ id: string; created: boolean }> {
    const registration = this.handlers.get(name);
    if (!this.polling || this.stopped || !registration || registration.running >= registration.concurrency)
      return this.enqueue(name, payload, { key, retryDelaysMs });
    // The slot is taken before the insert: a claim pass meanwhile sees it taken.
    registration.running++;
    let job: Job | null = null;
    try {
      const now = this.clock.nowMs();
      job = await this.store.insertLeased(
        { name, key, payload, runAt: new Date(now), retryDelaysMs, everyMs: null },
        { owner: this.owner, until: new Date(now + registration.leaseMs) },
      );
    } finally {
      if (!job) registration.running--;
    }
    if (job && this.stopped) {
      // Shutting down meanwhile: not started here after all; any instance may claim it at once.
      registration.running--;
      await this.store.release(job, { runAt: job.runAt });
    } else if (job) {
      void this.runner.start(job, registration, held);
    }
    return { id: jobId(name, key), created: job !== null };
  }

  /**
   * `enqueue` of many jobs of one name in one round trip (an alert's mails, say); answers, in
   * order, whether each was new.
   */
  async enqueueMany<P>(name: string, jobs: ReadonlyArray<{ payload: P } & Required<Pick<EnqueueOptions, 'key'>> & EnqueueOptions>): Promise<boolean[]> {
    const now = this.clock.now();
    const created = await this.store.insertMany(
      jobs.map(({ payload, key, runAt = now, retryDelaysMs = [] }) => ({ name, key, payload, runAt, retryDelaysMs, everyMs: null })),
    );
    if (jobs.some(({ runAt = now }, i) => created[i] && runAt.getTime() <= this.clock.nowMs())) this.pollSoon();
    return created;
  }

  /** Makes a pending job due now; false when there is none with that name and key. */
  async runNow(name: string, key: string): Promise<boolean> {
    const found = await this.store.runNow(jobId(name, key));
    if (found) this.pollSoon();
    return found;
  }

  find(name: string, key: string): Promise<Job | null> {
    return this.store.find(jobId(name, key));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.polling) return;
    await this.ensureRecurring();
    this.pollSoon();
  }

  /** Stores the recurring jobs registered here, due now if new (or if `atStart`); a server does it at start. */
  async ensureRecurring(): Promise<void> {
    for (const [name, { everyMs, atStart }] of this.handlers) {
      if (everyMs === undefined) continue;
      const created = await this.store.insert({ name, key: RECURRING_KEY, payload: null, runAt: this.clock.now(), retryDelaysMs: [], everyMs });
      if (!created) await this.store.setPeriod(jobId(name, RECURRING_KEY), everyMs, atStart === true);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pass;
    await this.runner.finish();
  }

  /**
   * One claim pass now, and the runs it started (tests: run what is due without waiting for the
   * poll). Answers how many jobs it ran.
   */
  async runDue(): Promise<number> {
    const started = await this.claimDue();
    await Promise.all(started);
    return started.length;
  }

  private pollSoon(): void {
    if (!this.polling || this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), 0).unref();
  }

  private async poll(): Promise<void> {
    this.pass = this.claimDue().then(
      () => undefined,
      (error: Error) => this.logger.warn(`claiming jobs failed: ${error.message}`),
    );
    await this.pass;
    this.pass = undefined;
    if (this.stopped) return;
    const delay = this.again ? 0 : this.pollMs;
    this.again = false;
    this.timer = setTimeout(() => void this.poll(), delay).unref();
  }

  /** Claims what this instance has room for and starts it; answers the runs started. */
  private async claimDue(): Promise<Promise<void>[]> {
    const now = this.clock.now();
    const chosen = await chooseDueJobs(this.handlers, (names, limit) => this.store.due(names, now, limit));
    // Side by side: one after the other, a pass of n claims kept the free slots idle for n round trips.
    const claimed = await Promise.all(chosen.map(({ candidate, registration }) => this.store.claim(candidate, this.owner, registration.leaseMs, now)));
    return claimed.flatMap((job, index) => {
      if (!job) return [];
      chosen[index].registration.running++;
      return [this.runner.start(job, chosen[index].registration)];
    });
  }
}
