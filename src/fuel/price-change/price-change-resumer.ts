import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { InjectRepository, InjectUnscopedModel, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { PriceChangeRunner } from './price-change-runner.service';

/**
 * Finishes price changes left pending by a failure: every pending job at boot, and a tariff's
 * pending job before its next change (so changes of one tariff apply in order).
 */
@Injectable()
export class PriceChangeResumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PriceChangeResumer.name);
  private booting?: Promise<unknown>;

  constructor(
    // The boot resume takes every client's pending jobs: the one unscoped read of this domain.
    @InjectUnscopedModel(FuelPriceChange) private readonly allClientsChanges: Model<FuelPriceChange>,
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly runner: PriceChangeRunner,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The server resumes them; a one-shot command leaves them to it.
    if (!this.config.runsBackgroundWork) return;
    // In the background: a failing job is logged and retried at the next boot or change, and
    // never keeps the app from starting.
    this.booting = this.resumePending().catch((error: Error) => this.logger.error(`resuming price changes failed: ${error.message}`));
  }

  /** A server stopped early lets the boot resume finish before the connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.booting;
  }

  /** Runs every pending job, oldest first; returns how many were finished. */
  async resumePending(): Promise<number> {
    // After the collection's indexes exist: on a fresh database mongo-java-server can fail a query
    // that races mongoose's index build at boot ("Unknown error: null").
    await this.changes.whenIndexed();
    const pending = await this.allClientsChanges.find({ state: 'pending' }).sort({ _id: 1 }).lean<Stored<FuelPriceChange>[]>().exec();
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
