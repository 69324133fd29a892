import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { Jobs } from '@app/jobs';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { PriceChangeRunner } from './price-change-runner.service';

/** How often pending price changes are looked for (a recurring job, also whenever an instance starts). */
export const RESUME_EVERY_MS = 15_000;
/** A change younger than this may still be running in its own request: left to it. */
export const RESUME_GRACE_MS = 10_000;
/** The resume's lease: renewed while it runs; a dead instance's resume is taken over this long after. */
const RESUME_LEASE_MS = 20_000;

/**
 * Finishes price changes left pending by a failure: a recurring job (`fuel.price-changes.resume`),
 * whenever an instance starts and every 15 s across all instances, takes the pending changes
 * older than the grace (a live request may still be running a younger one; a race is safe anyway,
 * the runner's steps are idempotent); and a tariff's pending change is finished before its next
 * one (so changes of one tariff apply in order). Killed while it runs, another instance takes it
 * over once its lease expires.
 */
@Injectable()
export class PriceChangeResumer implements OnModuleInit {
  private readonly logger = new Logger(PriceChangeResumer.name);

  constructor(
    // The boot resume takes every client's pending jobs: the one unscoped read of this domain.
    @InjectUnscopedModel(FuelPriceChange) private readonly allClientsChanges: Model<FuelPriceChange>,
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly runner: PriceChangeRunner,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.every('fuel.price-changes.resume', RESUME_EVERY_MS, async () => void (await this.resumePending(RESUME_GRACE_MS)), { atStart: true, leaseMs: RESUME_LEASE_MS });
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
