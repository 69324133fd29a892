import { OmitType } from '@nestjs/swagger';
import type { TripPosition, TripRecord } from '../telemetry/trip-record';

export class TripPositionView implements TripPosition {
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
export class TripRecordView implements TripRecord {
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

/** The spec's Trip, with the service's additions. */
export class TripView extends TripRecordView {
  clientId: string;
  /** The asset whose main tracker is the device; null when none is. */
  assetId: string | null;
  /** Reverse-geocoded; null without a geocoder or when it fails. */
  startAddress: string | null;
  endAddress: string | null;
}

/** A trip in a list: the spec's fields without `positions` (GET …/trip/{id} has them). */
export class TripSummaryView extends OmitType(TripRecordView, ['positions'] as const) {}
