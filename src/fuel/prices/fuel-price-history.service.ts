import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository, type TenantQuery } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelPriceRecordView, toFuelPriceRecordView } from '../fuel-price-record.view';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';

@Injectable()
export class FuelPriceHistoryService {
  constructor(@InjectRepository(FuelPriceRecord) private readonly records: TenantRepository<FuelPriceRecord>) {}

  /** The client's own and the global validities, newest `validFrom` first (ties: newest record first). */
  async history(auth: AuthContext, fuelType?: FuelGrade): Promise<FuelPriceRecordView[]> {
    const filter: TenantQuery<FuelPriceRecord> = fuelType ? { fuelType } : {};
    const records = await this.records.find(auth, filter, { includeShared: true, sort: { validFrom: -1, _id: -1 } });
    return records.map(toFuelPriceRecordView);
  }
}
