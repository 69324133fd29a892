import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { REFUEL_ANOMALIES, type Refuel, type RefuelAnomaly } from './refuel.schema';

export class RefuelLocationView {
  lat: number;
  lng: number;
}

export class RefuelView {
  id: string;
  assetId: string;
  occurredAt: Date;
  liters: number;
  pricePerLiter: number | null;
  totalCost: number | null;
  odometerKm: number | null;
  station: string | null;
  location: RefuelLocationView | null;
  /** What was found odd when it was recorded: more than the tank holds, paid far from where the vehicle's own tracker was, a price far from the tariff's. */
  @ApiProperty({ enum: REFUEL_ANOMALIES, isArray: true })
  anomalies: RefuelAnomaly[];
  /** What each check measured (the tank's capacity; the distance from the vehicle and its fix; the tariff's price and the difference). */
  @ApiProperty({ type: 'object', additionalProperties: true })
  checks: Record<string, unknown>;
  createdBy: string;
  createdAt: Date;
}

export function toRefuelView(refuel: Stored<Refuel>): RefuelView {
  return {
    id: refuel._id.toHexString(),
    assetId: refuel.assetId.toHexString(),
    occurredAt: refuel.occurredAt,
    liters: refuel.liters,
    pricePerLiter: refuel.pricePerLiter,
    totalCost: refuel.totalCost,
    odometerKm: refuel.odometerKm,
    station: refuel.station,
    location: refuel.location ? { lat: refuel.location.lat, lng: refuel.location.lng } : null,
    anomalies: refuel.anomalies,
    checks: refuel.checks ?? {},
    createdBy: refuel.createdBy.toHexString(),
    createdAt: refuel.createdAt,
  };
}
