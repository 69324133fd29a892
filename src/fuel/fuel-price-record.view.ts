import type { Stored } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelPriceRecord, FuelPriceScope } from './schemas/fuel-price-record.schema';

/** A price validity as DESIGN.md shows it. */
export class FuelPriceRecordView {
  id: string;
  fuelType: FuelGrade;
  /** Pesos per litre. */
  pricePerLiter: number;
  validFrom: Date;
  /** Null while the price is in force. */
  validTo: Date | null;
  /** `global`: market price for every client; `client`: the client's own manual price. */
  scope: FuelPriceScope;
}

export function toFuelPriceRecordView(record: Stored<FuelPriceRecord>): FuelPriceRecordView {
  return {
    id: record._id.toHexString(),
    fuelType: record.fuelType,
    pricePerLiter: record.pricePerLiter,
    validFrom: record.validFrom,
    validTo: record.validTo ?? null,
    scope: record.scope,
  };
}
