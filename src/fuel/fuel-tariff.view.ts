import type { Stored } from '@app/database';
import type { FuelGrade } from '@app/formats';
import { FuelTariff } from './schemas/fuel-tariff.schema';
import { recordTimes } from '@app/http';

/** A fuel tariff of the caller's client. */
export class FuelTariffView {
  id: string;
  clientId: string;
  /** The grade the tariff prices; immutable. */
  baseType: FuelGrade;
  name: string;
  /** True for a tariff with the client's own manual price; false when it follows the market price. */
  custom: boolean;
  /** Pesos per litre. */
  pricePerLiter: number;
  /** Since when the current manual price is in force (custom tariffs). */
  priceValidFrom: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toFuelTariffView(tariff: Stored<FuelTariff>): FuelTariffView {
  return {
    id: tariff._id.toHexString(),
    clientId: tariff.clientId.toHexString(),
    baseType: tariff.baseType,
    name: tariff.name,
    custom: tariff.custom,
    pricePerLiter: tariff.pricePerLiter,
    priceValidFrom: tariff.priceValidFrom ?? null,
    ...recordTimes(tariff),
  };
}
