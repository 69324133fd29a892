import type { RefuelAnomaly } from './refuel.schema';

/** Paid farther than this from where the vehicle's own tracker was: not at the vehicle (fuel-card fraud's sign). */
export const AWAY_FROM_VEHICLE_M = 500;
/** A price further than this share from the tariff's. */
export const PRICE_TOLERANCE = 0.15;
/** An odometer typed on a refuel this far from the asset's meter then (both: a share of the meter, and km) is not the vehicle's. */
export const ODOMETER_TOLERANCE = { share: 0.05, km: 50 };

export interface RefuelFacts {
  liters: number;
  pricePerLiter: number | null;
  /** The asset's tank (its fuel profile); null: unknown. */
  tankCapacityL: number | null;
  /** The tariff's price at the refuel's time; null: no profile. */
  tariffPricePerLiter: number | null;
  /** Metres from the vehicle's fix then, with the fix; null: no place given or no fix near then. */
  fromVehicle: { distanceM: number; vehicleAt: unknown } | null;
  /** The odometer typed on the refuel, and the asset's meter at the refuel's time; null: either unknown. */
  odometer?: { typedKm: number; meterKm: number } | null;
}

/** What is odd about a refuel, and what each check measured (kept with the refuel, answered with it). */
export function refuelAnomalies(facts: RefuelFacts): { anomalies: RefuelAnomaly[]; checks: Record<string, unknown> } {
  const anomalies: RefuelAnomaly[] = [];
  const checks: Record<string, unknown> = {};
  if (facts.tankCapacityL !== null) {
    checks.tankCapacityL = facts.tankCapacityL;
    if (facts.liters > facts.tankCapacityL) anomalies.push('over_tank_capacity');
  }
  if (facts.fromVehicle) {
    checks.distanceFromVehicleM = Math.round(facts.fromVehicle.distanceM);
    checks.vehicleAt = facts.fromVehicle.vehicleAt;
    if (facts.fromVehicle.distanceM > AWAY_FROM_VEHICLE_M) anomalies.push('away_from_vehicle');
  }
  if (facts.tariffPricePerLiter !== null && facts.pricePerLiter !== null) {
    const difference = (facts.pricePerLiter - facts.tariffPricePerLiter) / facts.tariffPricePerLiter;
    checks.tariffPricePerLiter = facts.tariffPricePerLiter;
    checks.priceDifference = Math.round(difference * 1000) / 1000;
    if (Math.abs(difference) > PRICE_TOLERANCE) anomalies.push('price_mismatch');
  }
  if (facts.odometer) {
    const { typedKm, meterKm } = facts.odometer;
    const difference = Math.abs(typedKm - meterKm);
    checks.meterOdometerKm = Math.round(meterKm * 10) / 10;
    if (difference > ODOMETER_TOLERANCE.km && difference > meterKm * ODOMETER_TOLERANCE.share) anomalies.push('odometer_mismatch');
  }
  return { anomalies, checks };
}
