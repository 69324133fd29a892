import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { groupBy, InjectRepository, Stored, TenantRepository, TenantScope, type TenantQuery } from '@app/database';
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
    const gradeOf = new Map(
      (await this.tariffs.findByIds(auth, [...new Set(pending.map((change) => change.tariffId.toHexString()))])).map((tariff) => [
        tariff._id.toHexString(),
        tariff.baseType,
      ]),
    );
    const opened = (change: PendingChange): Stored<FuelPriceRecord> | null => {
      const grade = gradeOf.get(change.tariffId.toHexString());
      if (!grade || (fuelType && grade !== fuelType)) return null;
      return {
        _id: change._id,
        clientId: auth.clientId,
        scope: 'client',
        fuelType: grade,
        tariffId: change.tariffId,
        pricePerLiter: change.after.pricePerLiter,
        validFrom: change.changedAt,
        validTo: null,
      };
    };
    return historyWithPending(records, pending, opened).map(toFuelPriceRecordView);
  }

  /** A tariff's price at a moment (`pricesDuring` of that moment alone). */
  async priceAt(scope: TenantScope, tariff: Stored<FuelTariff>, at: Date): Promise<number> {
    return (await this.pricesDuring(scope, [tariff], at, at))(tariff, at);
  }

  /**
   * These tariffs' prices at any moment from `from` to `to`, looked up in memory: one read of the
   * pending changes and one of the validities of the custom tariffs, one of the market grades'
   * global validities — not a read per moment (a fuel report of thousands of refuels made one
   * each). A custom tariff's price is its own validity then (a pending change's from its start),
   * a market tariff's its grade's global validity then; the tariff's current price when no
   * validity covers the moment.
   */
  async pricesDuring(scope: TenantScope, tariffs: readonly Stored<FuelTariff>[], from: Date, to: Date): Promise<PriceLookup> {
    const custom = tariffs.filter((tariff) => tariff.custom);
    const grades = [...new Set(tariffs.filter((tariff) => !tariff.custom).map((tariff) => tariff.baseType))];
    const overlapping = { validFrom: { $lte: to }, $or: [{ validTo: null }, { validTo: { $gt: from } }] };
    const [pending, own, market] = await Promise.all([
      this.priceChanges.pending(
        scope,
        custom.map((tariff) => tariff._id),
      ),
      custom.length === 0 ? [] : this.records.find(scope, { tariffId: { $in: custom.map((tariff) => tariff._id) }, ...overlapping }),
      grades.length === 0 ? [] : this.records.find(scope, { scope: 'global', fuelType: { $in: grades }, ...overlapping }, { includeShared: true }),
    ]);
    const pendingOf = groupBy(pending, (change) => change.tariffId.toHexString());
    const ownOf = groupBy(newestFirst(own), (record) => record.tariffId?.toHexString() ?? '');
    const marketOf = groupBy(newestFirst(market), (record) => record.fuelType);
    return (tariff, at) => {
      if (tariff.custom) {
        const price = pendingPriceAt(pendingOf.get(tariff._id.toHexString()) ?? [], at);
        if (price !== undefined) return price;
      }
      const validities = (tariff.custom ? ownOf.get(tariff._id.toHexString()) : marketOf.get(tariff.baseType)) ?? [];
      const record = validities.find((validity) => validity.validFrom <= at && (validity.validTo === null || validity.validTo > at));
      return record?.pricePerLiter ?? tariff.pricePerLiter;
    };
  }
}

/** A tariff's price at a moment of the period it was read for (`FuelPriceHistoryService.pricesDuring`). */
export type PriceLookup = (tariff: Stored<FuelTariff>, at: Date) => number;

/** The latest validity first, as one covering a moment is picked (ties: the first stored). */
function newestFirst(records: readonly Stored<FuelPriceRecord>[]): Stored<FuelPriceRecord>[] {
  return [...records].sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime() || (a._id.toHexString() < b._id.toHexString() ? -1 : 1));
}
