import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, TenantRepository, type TenantScope } from '@app/database';
import { FuelCostEntry } from '../schemas/fuel-cost-entry.schema';
import { PriceChangesService } from '../price-change/price-changes.service';
import { fuelCost } from './fuel-cost';

export interface FuelCostLine {
  id: string;
  tariffId: string;
  source: 'trip' | 'refuel';
  occurredAt: Date;
  liters: number;
  pricePerLiter: number;
  cost: number;
}

/**
 * Reads a client's cost history for reports and exports. While a price change of a tariff is
 * pending (running in the background, or interrupted and not yet resumed), its costs are read at
 * the new price: the job is committed and will finish, so a reader never sees the tariff's costs
 * at two prices.
 */
@Injectable()
export class FuelCostsService {
  constructor(
    @InjectRepository(FuelCostEntry) private readonly costs: TenantRepository<FuelCostEntry>,
    private readonly priceChanges: PriceChangesService,
  ) {}

  async list(scope: TenantScope, tariffId: Types.ObjectId): Promise<FuelCostLine[]> {
    const [entries, pending] = await Promise.all([
      this.costs.find(scope, { tariffId }, { sort: { occurredAt: 1, _id: 1 } }),
      this.priceChanges.pending(scope, [tariffId]),
    ]);
    return entries.map((entry) => {
      const price = pending.at(-1)?.after.pricePerLiter ?? entry.pricePerLiter;
      return {
        id: entry._id.toHexString(),
        tariffId: entry.tariffId.toHexString(),
        source: entry.source,
        occurredAt: entry.occurredAt,
        liters: entry.liters,
        pricePerLiter: price,
        cost: fuelCost(entry.liters, price),
      };
    });
  }
}
