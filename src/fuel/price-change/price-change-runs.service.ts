import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { PRICE_CHANGE_LEASE_MS, PriceChangeLeases } from './price-change-leases';
import { PriceChangeRunner } from './price-change-runner.service';

/** How often a change waiting for an earlier one of its tariff, held by another instance, looks again. */
const WAIT_POLL_MS = 250;

/**
 * Runs price changes under their lease, each once per instance at a time, and a tariff's changes
 * in version order (a change waits for the earlier ones: runs those free, waits for those another
 * instance holds). Runs outlive the request that started them; at shutdown the running ones are
 * finished before the connection closes (a SIGKILL leaves them to the resume by their lease).
 */
@Injectable()
export class PriceChangeRuns implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PriceChangeRuns.name);
  /** Runs on this instance by change id; `false`: its lease was held elsewhere. */
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly background = new Set<Promise<unknown>>();
  private stopping = false;

  constructor(
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly runner: PriceChangeRunner,
    private readonly leases: PriceChangeLeases,
  ) {}

  /** Runs a change this instance has just committed (its lease taken with it). */
  async runCommitted(job: Stored<FuelPriceChange>): Promise<void> {
    await this.once(job, async () => {
      await this.leased(job, false);
      return true;
    });
  }

  /** Runs a change whose lease is free, expired or this instance's; false when another runner holds it (or this instance stops). */
  takeOver(job: Stored<FuelPriceChange>): Promise<boolean> {
    return this.once(job, async () => {
      // A stopping instance starts nothing it would not finish before its connection closes.
      if (this.stopping) return false;
      if (!(await this.leases.claim(job))) return false;
      await this.leased(job, true);
      return true;
    });
  }

  /** Finishes a tariff's pending changes below `beforeVersion`, in order: runs those free, waits for the others. */
  async settleTariff(scope: TenantScope, tariffId: Types.ObjectId, beforeVersion = Number.MAX_SAFE_INTEGER): Promise<void> {
    for (;;) {
      const [first] = await this.changes.find(scope, { state: 'pending', tariffId, version: { $lt: beforeVersion } }, { sort: { version: 1 }, limit: 1 });
      if (!first) return;
      if (await this.takeOver(first)) continue;
      if (this.stopping) throw new Error(`price change ${first._id.toHexString()} is held by another instance; shutting down`);
      await sleep(WAIT_POLL_MS);
    }
  }

  /**
   * Awaits `work` until `deadline` at most; a failure before then is thrown. Past it, the work
   * goes on in the background, where a failure is logged and the change left to the resume.
   */
  async until(deadline: number, work: Promise<unknown>, what: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
    try {
      if ((await Promise.race([work.then(() => 'done' as const), late])) === 'late') this.inBackground(work, what);
    } finally {
      clearTimeout(timer);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values(), ...this.background]);
  }

  private inBackground(work: Promise<unknown>, what: string): void {
    const logged = work.catch((error: Error) => this.logger.error(`${what} failed; left to the resume: ${error.message}`));
    this.background.add(logged);
    void logged.finally(() => this.background.delete(logged));
  }

  /** One run of a change at a time on this instance: a second caller joins the first. */
  private once(job: Stored<FuelPriceChange>, run: () => Promise<boolean>): Promise<boolean> {
    const id = job._id.toHexString();
    const existing = this.running.get(id);
    if (existing) return existing;
    const started = run().finally(() => this.running.delete(id));
    this.running.set(id, started);
    return started;
  }

  /** Under the lease (renewed meanwhile): the tariff's earlier changes, then this one; a failure frees the lease. */
  private async leased(job: Stored<FuelPriceChange>, resumed: boolean): Promise<void> {
    const renewal = setInterval(
      () =>
        void this.leases
          .renew(job)
          .catch((error: Error) => this.logger.warn(`renewing the lease of price change ${job._id.toHexString()} failed: ${error.message}`)),
      PRICE_CHANGE_LEASE_MS / 3,
    ).unref();
    try {
      await this.settleTariff(scopeOfClient(job.clientId), job.tariffId, job.version);
      await this.runner.run(job, { resumed });
    } catch (error) {
      await this.leases.release(job).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }
}
