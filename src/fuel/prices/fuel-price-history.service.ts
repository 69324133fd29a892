import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { FilterQuery, Model } from 'mongoose';
import { AuthContext } from '@app/auth';
import type { Stored } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelPriceRecordView, toFuelPriceRecordView } from '../fuel-price-record.view';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';

@Injectable()
export class FuelPriceHistoryService {
  constructor(@InjectModel(FuelPriceRecord.name) private readonly records: Model<FuelPriceRecord>) {}

  /** The client's own and the global validities, newest `validFrom` first (ties: newest record first). */
  async history(auth: AuthContext, fuelType?: FuelGrade): Promise<FuelPriceRecordView[]> {
    const filter: FilterQuery<FuelPriceRecord> = { $or: [{ clientId: auth.clientId }, { scope: 'global' }] };
    if (fuelType) filter.fuelType = fuelType;
    const records = await this.records.find(filter).sort({ validFrom: -1, _id: -1 }).lean<Stored<FuelPriceRecord>[]>().exec();
    return records.map(toFuelPriceRecordView);
  }
}
