import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { REFUEL_ANOMALIES, type Refuel, type RefuelAnomaly } from '../schemas/refuel.schema';

export class RefuelLocationView {
  lat: number;
  lng: number;
}

export class RefuelView {
  id: string;
  clientId: string;
  assetId: string;
  @ApiProperty({ type: String, format: 'date-time' })
  occurredAt: string;
  liters: number;
  @ApiProperty({ type: Number, nullable: true })
  pricePerLiter: number | null;
  @ApiProperty({ type: Number, nullable: true })
  totalCost: number | null;
  /** What it cost: `totalCost`, else litres × `pricePerLiter`, else litres × the tariff's price when recorded; null: none known. */
  @ApiProperty({ type: Number, nullable: true })
  cost: number | null;
  @ApiProperty({ type: Number, nullable: true })
  odometerKm: number | null;
  @ApiProperty({ type: String, nullable: true })
  station: string | null;
  @ApiProperty({ type: RefuelLocationView, nullable: true })
  location: RefuelLocationView | null;
  /** The tariff of the asset's fuel profile when recorded; null without a profile. */
  @ApiProperty({ type: String, nullable: true })
  tariffId: string | null;
  /** `over_tank_capacity`: more litres than the profile's tank; `away_from_vehicle`: more than 500 m from the asset's tracker then; `price_mismatch`: the price paid more than 15 % from the tariff's. */
  @ApiProperty({ enum: REFUEL_ANOMALIES, isArray: true })
  anomalies: RefuelAnomaly[];
  /** Metres between the refuel's location and the tracker's position then; null when either is unknown. */
  @ApiProperty({ type: Number, nullable: true })
  distanceFromVehicleM: number | null;
  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

export interface StoredRefuelWithCost extends Stored<Refuel> {
  cost: number | null;
}

export function toRefuelView(refuel: StoredRefuelWithCost): RefuelView {
  return {
    id: refuel._id.toHexString(),
    clientId: refuel.clientId.toHexString(),
    assetId: refuel.assetId.toHexString(),
    occurredAt: refuel.occurredAt.toISOString(),
    liters: refuel.liters,
    pricePerLiter: refuel.pricePerLiter ?? null,
    totalCost: refuel.totalCost ?? null,
    cost: refuel.cost,
    odometerKm: refuel.odometerKm ?? null,
    station: refuel.station ?? null,
    location: refuel.location ? { lat: refuel.location.lat, lng: refuel.location.lng } : null,
    tariffId: refuel.tariffId?.toHexString() ?? null,
    anomalies: refuel.anomalies ?? [],
    distanceFromVehicleM: refuel.distanceFromVehicleM ?? null,
    createdAt: refuel.createdAt.toISOString(),
  };
}
