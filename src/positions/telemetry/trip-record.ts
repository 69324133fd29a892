/**
 * A trip as the telemetry sources produce it: flespi calculator interval field names (the spec's
 * Trip). The HTTP views in `trips/trip.view.ts` implement these shapes and document the units.
 */
export interface TripPosition {
  alt: number;
  dir: number;
  lat: number;
  lng: number;
  speed: number;
  timestamp: number;
}

export interface TripRecord {
  id: number;
  avg_speed: number;
  max_speed: number;
  begin: number;
  end: number;
  timestamp: number;
  distance: number;
  duration: number;
  start_battery_level: number | null;
  end_battery_level: number | null;
  route: string;
  type: string;
  positions: TripPosition[];
}
