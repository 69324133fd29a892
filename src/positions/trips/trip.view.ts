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

/** The spec's Trip, with the service's additions. Units: see docs/telemetry.md. */
export class TripView {
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
  clientId: string;
  /** The asset whose main tracker is the device; null when none is. */
  assetId: string | null;
  /** Reverse-geocoded; null without a geocoder or when it fails. */
  startAddress: string | null;
  endAddress: string | null;
}
