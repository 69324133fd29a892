import type { RefuelAnomaly } from '../schemas/refuel.schema';

/** Farther than this from the asset's tracker at the time: `away_from_vehicle`. */
export const AWAY_FROM_VEHICLE_M = 500;
/** A price paid more than this share from the tariff's: `price_mismatch`. */
export const PRICE_MISMATCH_SHARE = 0.15;
/** The tracker's fix must be this close in time to the refuel to say where the vehicle was. */
export const FIX_WITHIN_S = 600;

export interface AnomalyFacts {
  liters: number;
  /** The price paid per litre (given, or total ÷ litres); null when neither is known. */
  paidPerLiter: number | null;
  tankCapacityL: number | null;
  tariffPricePerLiter: number | null;
  distanceFromVehicleM: number | null;
}

/** The anomalies of a refuel, in the contract's order. */
export function refuelAnomalies(facts: AnomalyFacts): RefuelAnomaly[] {
  const found: RefuelAnomaly[] = [];
  if (facts.tankCapacityL !== null && facts.liters > facts.tankCapacityL) found.push('over_tank_capacity');
  if (facts.distanceFromVehicleM !== null && facts.distanceFromVehicleM > AWAY_FROM_VEHICLE_M) found.push('away_from_vehicle');
  if (facts.paidPerLiter !== null && facts.tariffPricePerLiter !== null && Math.abs(facts.paidPerLiter - facts.tariffPricePerLiter) > PRICE_MISMATCH_SHARE * facts.tariffPricePerLiter) found.push('price_mismatch');
  return found;
}

/** What was paid per litre: the price given, else the total over the litres. */
export function paidPerLiter(refuel: { liters: number; pricePerLiter?: number | null; totalCost?: number | null }): number | null {
  if (refuel.pricePerLiter != null) return refuel.pricePerLiter;
  if (refuel.totalCost != null && refuel.liters > 0) return refuel.totalCost / refuel.liters;
  return null;
}
