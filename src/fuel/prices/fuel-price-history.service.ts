import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository, TenantScope, type TenantQuery } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelPriceRecordView, toFuelPriceRecordView } from '../fuel-price-record.view';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';

@Injectable()
export class FuelPriceHistoryService {
  constructor(@InjectRepository(FuelPriceRecord) private readonly records: TenantRepository<FuelPriceRecord>) {}

  /** The client's own and the global validities, newest `validFrom` first (ties: newest record first). */
  async history(auth: AuthContext, fuelType?: FuelGrade): Promise<FuelPriceRecordView[]> {
    const filter: TenantQuery<FuelPriceRecord> = fuelType ? { fuelType } : {};
    const records = await this.records.find(auth, filter, { includeShared: true, sort: { validFrom: -1, _id: -1 } });
    return records.map(toFuelPriceRecordView);
  }

  /**
   * A tariff's price at a moment: a custom tariff's own validity then, a market tariff's grade's
   * global validity then; the tariff's current price when no validity covers the moment.
   */
  async priceAt(scope: TenantScope, tariff: Stored<FuelTariff>, at: Date): Promise<number> {
    const when = { validFrom: { $lte: at }, $or: [{ validTo: null }, { validTo: { $gt: at } }] };
    const filter = tariff.custom ? { tariffId: tariff._id, ...when } : { scope: 'global' as const, fuelType: tariff.baseType, ...when };
    const [record] = await this.records.find(scope, filter as TenantQuery<FuelPriceRecord>, { includeShared: !tariff.custom, sort: { validFrom: -1 }, limit: 1 });
    return record?.pricePerLiter ?? tariff.pricePerLiter;
  }
}
