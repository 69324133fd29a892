import { Injectable, Logger } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { InjectRepository, scopeOfClient, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { TripReportExportCache } from '../export-cache/trip-report-export-cache.service';
import { FuelCostEntry } from '../schemas/fuel-cost-entry.schema';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';

/**
 * Applies a price change: its steps, in order. Every step is idempotent and keyed by the change's
 * `_id`, so running a job again — after a crash, or by the resume — finishes the same work and
 * changes nothing already done. No transactions are needed (the test database has none). Who runs
 * a change, under which lease and after which earlier changes: `PriceChangeRuns`.
 */
@Injectable()
export class PriceChangeRunner {
  private readonly logger = new Logger(PriceChangeRunner.name);

  constructor(
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    @InjectRepository(FuelPriceRecord) private readonly records: TenantRepository<FuelPriceRecord>,
    @InjectRepository(FuelCostEntry) private readonly costs: TenantRepository<FuelCostEntry>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly exportCache: TripReportExportCache,
    private readonly activity: ActivityRecorder,
  ) {}

  /** `resumed`: the job may have run before, so its re-valued entries are counted by their mark. */
  async run(job: Stored<FuelPriceChange>, { resumed = false } = {}): Promise<void> {
    if (job.state === 'completed') return;
    // A job acts for the client that asked for the change, whoever runs it (a request or the boot resume).
    const scope = scopeOfClient(job.clientId);
    await this.replaceValidity(scope, job);
    const revalued = await this.revalueCosts(scope, job, resumed);
    await this.exportCache.invalidate(scope, job._id.toHexString());
    await this.applyToTariff(scope, job);
    await this.complete(scope, job, revalued);
  }

  /** Closes the replaced validity at `changedAt` and opens the new one (its `_id` is the job's). */
  private async replaceValidity(scope: TenantScope, job: Stored<FuelPriceChange>): Promise<void> {
    if (job.previousRecordId) {
      await this.records.updateOne(scope, { _id: job.previousRecordId, validTo: null }, { $set: { validTo: job.changedAt } });
    }
    const tariff = await this.tariffs.findById(scope, job.tariffId.toHexString());
    if (!tariff) throw new Error(`Price change ${job._id.toHexString()}: tariff ${job.tariffId.toHexString()} is gone`);
    await this.records.updateOne(
      scope,
      { _id: job._id },
      {
        $setOnInsert: {
          scope: 'client',
          fuelType: tariff.baseType,
          pricePerLiter: job.after.pricePerLiter,
          validFrom: job.changedAt,
          validTo: null,
          tariffId: job.tariffId,
        },
      },
      { upsert: true },
    );
  }

  /**
   * Every cost the tariff priced takes the new price. One `updateMany` marks each entry with the
   * job: per document, price and mark change together, so an interrupted pass leaves entries
   * either done or not, and the next pass takes only those not yet marked. (One pass: on
   * mongo-java-server any such filter scans the collection, so batches would each scan again.)
   */
  private async revalueCosts(scope: TenantScope, job: Stored<FuelPriceChange>, resumed: boolean): Promise<number> {
    const modified = await this.costs.updateMany(
      scope,
      { tariffId: job.tariffId, priceChangeId: { $ne: job._id } },
      { $set: { pricePerLiter: job.after.pricePerLiter, priceChangeId: job._id } },
    );
    if (!resumed) return modified;
    return this.costs.count(scope, { tariffId: job.tariffId, priceChangeId: job._id });
  }

  /**
   * Moves the tariff from the job's version - 1 to its version; a no-op once done. The name too
   * if this change renamed it and nobody renamed the tariff since (a later rename is not undone).
   */
  private async applyToTariff(scope: TenantScope, job: Stored<FuelPriceChange>): Promise<void> {
    const set: Partial<FuelTariff> = {
      pricePerLiter: job.after.pricePerLiter,
      priceVersion: job.version,
      priceRecordId: job._id,
      priceValidFrom: job.changedAt,
    };
    const before = { _id: job.tariffId, priceVersion: job.version - 1 };
    if (job.after.name !== job.before.name) {
      const renamed = await this.tariffs.updateOne(scope, { ...before, name: job.before.name }, { $set: { ...set, name: job.after.name } });
      if (renamed.matched > 0) return;
    }
    await this.tariffs.updateOne(scope, before, { $set: set });
  }

  /** Completes the job once; only the runner that flips it records the activity event. */
  private async complete(scope: TenantScope, job: Stored<FuelPriceChange>, revalued: number): Promise<void> {
    const flipped = await this.changes.updateRecord(
      scope,
      job,
      { $set: { state: 'completed', completedAt: new Date(), revaluedCount: revalued, leaseOwner: null, leaseUntil: null } },
      { state: 'pending' },
    );
    if (!flipped) return;
    const { requestId, ip, userAgent, ...actor } = job.actor;
    const renamed = job.after.name !== job.before.name;
    await this.activity.recordFor(
      { clientId: job.clientId, ...actor },
      { requestId, ip, userAgent },
      {
        action: 'fuel_tariff.update',
        resourceType: 'fuel_tariff',
        resourceId: job.tariffId,
        summary:
          `Fuel tariff "${job.after.name}": price ${job.before.pricePerLiter} → ${job.after.pricePerLiter} per litre` +
          `${renamed ? ` (renamed from "${job.before.name}")` : ''}; ${revalued} cost entries re-valued`,
        before: job.before,
        after: job.after,
        details: { priceChangeId: job._id.toHexString(), revaluedCount: revalued, changedAt: job.changedAt },
      },
    );
    this.logger.log(`price change ${job._id.toHexString()} completed: ${revalued} cost entries re-valued`);
  }
}
