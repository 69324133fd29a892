import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository, TenantScope, type TenantQuery } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelPriceRecordView, toFuelPriceRecordView } from '../fuel-price-record.view';
import { historyWithPending, pendingPriceAt, type PendingChange } from '../price-change/pending-changes';
import { PriceChangesService } from '../price-change/price-changes.service';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';

/**
 * The price validities, with those of pending price changes as readers see them (the change's
 * validity open, the one it replaces closed), whether or not its run has written them yet. Both
 * reads at once: a change missed by the first has written its records (completed) or is not yet
 * begun; one the first sees is laid over whatever of it the records already show.
 */
@Injectable()
export class FuelPriceHistoryService {
  constructor(
    @InjectRepository(FuelPriceRecord) private readonly records: TenantRepository<FuelPriceRecord>,
    private readonly priceChanges: PriceChangesService,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
  ) {}

  /** The client's own and the global validities, newest `validFrom` first (ties: newest record first). */
  async history(auth: AuthContext, fuelType?: FuelGrade): Promise<FuelPriceRecordView[]> {
    const filter: TenantQuery<FuelPriceRecord> = fuelType ? { fuelType } : {};
    const [pending, records] = await Promise.all([
      this.priceChanges.pending(auth),
      this.records.find(auth, filter, { includeShared: true, sort: { validFrom: -1, _id: -1 } }),
    ]);
    if (pending.length === 0) return records.map(toFuelPriceRecordView);
    const gradeOf = new Map((await this.tariffs.findByIds(auth, [...new Set(pending.map((change) => change.tariffId.toHexString()))])).map((tariff) => [tariff._id.toHexString(), tariff.baseType]));
    const opened = (change: PendingChange): Stored<FuelPriceRecord> | null => {
      const grade = gradeOf.get(change.tariffId.toHexString());
      if (!grade || (fuelType && grade !== fuelType)) return null;
      return { _id: change._id, clientId: auth.clientId, scope: 'client', fuelType: grade, tariffId: change.tariffId, pricePerLiter: change.after.pricePerLiter, validFrom: change.changedAt, validTo: null } as Stored<FuelPriceRecord>;
    };
    return historyWithPending(records, pending, opened).map(toFuelPriceRecordView);
  }

  /**
   * A tariff's price at a moment: a custom tariff's own validity then (a pending change's from its
   * start), a market tariff's grade's global validity then; the tariff's current price when no
   * validity covers the moment.
   */
  async priceAt(scope: TenantScope, tariff: Stored<FuelTariff>, at: Date): Promise<number> {
    if (tariff.custom) {
      const pending = await this.priceChanges.pending(scope, [tariff._id]);
      const price = pendingPriceAt(pending, at);
      if (price !== undefined) return price;
    }
    const when = { validFrom: { $lte: at }, $or: [{ validTo: null }, { validTo: { $gt: at } }] };
    const filter = tariff.custom ? { tariffId: tariff._id, ...when } : { scope: 'global' as const, fuelType: tariff.baseType, ...when };
    const [record] = await this.records.find(scope, filter as TenantQuery<FuelPriceRecord>, { includeShared: !tariff.custom, sort: { validFrom: -1 }, limit: 1 });
    return record?.pricePerLiter ?? tariff.pricePerLiter;
  }
}
