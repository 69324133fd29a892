import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { Model, Types } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { Jobs } from '@app/jobs';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { PriceChangeRunner } from './price-change-runner.service';

/** How often pending price changes are looked for across the instances (a recurring job). */
export const RESUME_EVERY_MS = 15_000;
/** A change younger than this may still be running in its own request: left to it. */
export const RESUME_GRACE_MS = 10_000;
/** The resume's lease: renewed while it runs; a dead instance's resume is taken over this long after. */
const RESUME_LEASE_MS = 20_000;

/**
 * Finishes price changes left pending by a failure: every pending one when an instance starts
 * (what the crash before it left); every 15 s across the instances, a recurring job
 * (`fuel.price-changes.resume`) takes those older than the grace — an instance died and none
 * restarted; a live request may still be running a younger one (a race is safe anyway, the
 * runner's steps are idempotent) — and, killed while it runs, is taken over by another instance
 * once its lease expires; and a tariff's pending change is finished before its next one (so
 * changes of one tariff apply in order).
 */
@Injectable()
export class PriceChangeResumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PriceChangeResumer.name);
  private booting?: Promise<unknown>;

  constructor(
    // The boot resume takes every client's pending jobs: the one unscoped read of this domain.
    @InjectUnscopedModel(FuelPriceChange) private readonly allClientsChanges: Model<FuelPriceChange>,
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly runner: PriceChangeRunner,
    private readonly jobs: Jobs,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.every('fuel.price-changes.resume', RESUME_EVERY_MS, async () => void (await this.resumePending(RESUME_GRACE_MS)), { leaseMs: RESUME_LEASE_MS });
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

  /** Runs every pending job (older than `graceMs`), oldest first; returns how many were finished. */
  async resumePending(graceMs = 0): Promise<number> {
    // After the collection's indexes exist: on a fresh database mongo-java-server can fail a query
    // that races mongoose's index build at boot ("Unknown error: null").
    await this.changes.whenIndexed();
    const filter = { state: 'pending', ...(graceMs > 0 ? { changedAt: { $lt: new Date(Date.now() - graceMs) } } : {}) };
    const pending = await this.allClientsChanges.find(filter).sort({ _id: 1 }).lean<Stored<FuelPriceChange>[]>().exec();
    for (const job of pending) await this.resume(job);
    if (pending.length > 0) this.logger.log(`${pending.length} pending price change(s) resumed`);
    return pending.length;
  }

  async resumeTariff(scope: TenantScope, tariffId: Types.ObjectId): Promise<void> {
    const pending = await this.changes.find(scope, { state: 'pending', tariffId }, { sort: { version: 1 } });
    for (const job of pending) await this.resume(job);
  }

  async resume(job: Stored<FuelPriceChange>): Promise<void> {
    await this.runner.run(job, { resumed: true });
  }
}
