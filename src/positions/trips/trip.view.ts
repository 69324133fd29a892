import { ApiProperty, OmitType } from '@nestjs/swagger';

export class TripPositionView {
  /** metres */
  alt: number;
  /** degrees */
  dir: number;
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
  /** unix seconds */
  timestamp: number;
}

/** A trip as the spec shows it (flespi calculator interval field names). Units: see docs/telemetry.md. */
export class TripRecordView {
  id: number;
  /** km/h */
  avg_speed: number;
  max_speed: number;
  /** unix seconds */
  begin: number;
  end: number;
  timestamp: number;
  /** km */
  distance: number;
  /** seconds */
  duration: number;
  /** percent; null when the device does not report it */
  start_battery_level: number | null;
  end_battery_level: number | null;
  /** Google encoded polyline of the positions */
  route: string;
  type: string;
  positions: TripPositionView[];
}

/** What the trip burned and cost: distance × the asset's consumption × its tariff's price (docs/fuel-cargo.md). */
export class TripFuelView {
  /** litres, to the millilitre */
  liters: number;
  /** pesos, to the cent; re-valued by a price change of the tariff */
  cost: number;
  tariffId: string;
}

/** The spec's Trip, with the service's additions. */
export class TripView extends TripRecordView {
  clientId: string;
  /** The asset whose main tracker is the device; null when none is. */
  assetId: string | null;
  /** Reverse-geocoded; null without a geocoder or when it fails. */
  startAddress: string | null;
  endAddress: string | null;
  /** null when the asset has no fuel profile (or the device no asset) */
  fuel: TripFuelView | null;
  /** The driver assigned to the asset when the trip began (docs/dispatch.md); null when none. */
  @ApiProperty({ type: String, nullable: true })
  driverId: string | null;
  /** @example "Juana Pérez" */
  @ApiProperty({ type: String, nullable: true })
  driverName: string | null;
}

/** A trip in a list: the spec's fields without `positions` (GET …/trip/{id} has them). */
export class TripSummaryView extends OmitType(TripRecordView, ['positions'] as const) {
  /** null when the asset has no fuel profile (or the device no asset) */
  fuel: TripFuelView | null;
  /** The driver assigned to the asset when the trip began (docs/dispatch.md); null when none. */
  @ApiProperty({ type: String, nullable: true })
  driverId: string | null;
  /** @example "Juana Pérez" */
  @ApiProperty({ type: String, nullable: true })
  driverName: string | null;
}
