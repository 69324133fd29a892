import type { TelemetrySummary } from './telemetry-summary';

/** A tracker as the sources see it: our id (store) and the flespi device id (flespi). */
export interface TelemetryDevice {
  trackerId: string;
  vendorId: number;
}

/** Inclusive unix-second bounds, as the caller asked them. */
export interface TelemetryRange {
  from: number;
  to: number;
}

export interface TripPosition {
  alt: number;
  dir: number;
  lat: number;
  lng: number;
  speed: number;
  timestamp: number;
}

/** A trip as the spec shows it (flespi calculator interval field names); see docs/telemetry.md for units. */
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

/** Context the sources log with (the request id of a failure). */
export interface TelemetryCall {
  requestId: string;
}

/**
 * Where telemetry comes from: the platform's own store, or flespi (`TELEMETRY_SOURCE`). Both
 * answer summaries of the same definition (`TelemetrySummary`), so the figures agree.
 */
export interface TelemetrySource {
  /** One summary per device, in the order given, over the range. */
  summaries(devices: readonly TelemetryDevice[], range: TelemetryRange, call: TelemetryCall): Promise<TelemetrySummary[]>;
  trip(device: TelemetryDevice, tripId: number, call: TelemetryCall): Promise<TripRecord | null>;
}

export const TELEMETRY_SOURCE = Symbol('TelemetrySource');
