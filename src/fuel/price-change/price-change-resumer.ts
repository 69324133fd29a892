import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { Model } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, TenantRepository, type Stored } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { PriceChangeLeases } from './price-change-leases';
import { PriceChangeRuns } from './price-change-runs.service';

/** How often pending price changes are looked for across the instances (a recurring job). */
export const RESUME_EVERY_MS = 15_000;
/** The resume's lease: renewed while it runs; a dead instance's resume is taken over this long after. */
const RESUME_LEASE_MS = 20_000;

/**
 * Finishes price changes nobody runs: a change whose lease is free (its run failed) or expired
 * (its instance died). Every such change when an instance starts, and every 15 s across the
 * instances (a recurring job, `fuel.price-changes.resume`, itself taken over by another instance
 * once its own lease expires). A change whose lease is live is left to its runner, however long
 * it runs.
 */
@Injectable()
export class PriceChangeResumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PriceChangeResumer.name);
  private booting?: Promise<unknown>;

  constructor(
    // The resume takes every client's pending jobs: the one unscoped read of this domain.
    @InjectUnscopedModel(FuelPriceChange) private readonly allClientsChanges: Model<FuelPriceChange>,
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly runs: PriceChangeRuns,
    private readonly leases: PriceChangeLeases,
    private readonly config: AppConfig,
  ) {}

  @RecurringJob('fuel.price-changes.resume', { everyMs: RESUME_EVERY_MS, leaseMs: RESUME_LEASE_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.resumePending(lease);
  }

  onApplicationBootstrap(): void {
    // The server resumes them; a one-shot command leaves them to it.
    if (!this.config.runsBackgroundWork) return;
    // In the background: a failure is logged and the recurring job tries again; never keeps the app from starting.
    this.booting = this.resumePending().catch((error: Error) => this.logger.error(`resuming price changes failed: ${error.message}`));
  }

  /** A server stopped early lets the start-up resume finish before the connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.booting;
  }

  /** Runs every pending change nobody runs (lease free or expired), oldest first, while `lease` holds; answers how many it ran. */
  async resumePending(lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const takeable = await this.allClientsChanges.find(this.leases.takeable()).sort({ _id: 1 }).lean<Stored<FuelPriceChange>[]>().exec();
    let resumed = 0;
    for (const job of takeable) {
      lease.assertHeld();
      if (await this.runs.takeOver(job)) resumed++;
    }
    if (resumed > 0) this.logger.log(`${resumed} pending price change(s) resumed`);
    return resumed;
  }
}
