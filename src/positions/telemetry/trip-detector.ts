import type { TelemetryPoint } from './telemetry-point';
import { haversineKm } from './telemetry-summary';

/** The rules that cut a run of messages into trips (docs/telemetry.md, "Trip detection"). */
export const TRIP_RULES = {
  /** Without an ignition reading, a point moves at this speed or more (km/h). */
  movingSpeedKmh: 5,
  /** A trip ends at its last moving point once nothing moved for this long (or no message came). */
  stopSeconds: 300,
  /** Shorter runs are not trips (GPS drift in a yard, moving the truck across the depot). */
  minDistanceKm: 0.5,
} as const;

export interface DetectedTrip {
  begin: number;
  end: number;
  /** Its points from the first moving one to the last, short stops included. */
  points: TelemetryPoint[];
}

export interface TripDetection {
  /** Trips closed by a stop. */
  trips: DetectedTrip[];
  /** The begin of a trip still under way (no stop after it yet), else null. */
  openBegin: number | null;
}

/** Ignition where the device reports it, else speed. */
export const isMoving = (point: TelemetryPoint) => (point.ignition != null ? point.ignition : (point.speed ?? 0) >= TRIP_RULES.movingSpeedKmh);

function distanceKm(points: readonly TelemetryPoint[]): number {
  let km = 0;
  let last: TelemetryPoint | undefined;
  for (const point of points) {
    if (point.lat === null || point.lng === null) continue;
    if (last) km += haversineKm(last.lat!, last.lng!, point.lat, point.lng);
    last = point;
  }
  return km;
}

/** The trips of points in time order (one per timestamp). */
export function detectTrips(points: readonly TelemetryPoint[]): TripDetection {
  const trips: DetectedTrip[] = [];
  let start = -1;
  let lastMoving = -1;
  const close = () => {
    const run = points.slice(start, lastMoving + 1);
    if (distanceKm(run) >= TRIP_RULES.minDistanceKm) trips.push({ begin: points[start].ts, end: points[lastMoving].ts, points: run });
    start = -1;
  };
  for (let i = 0; i < points.length; i++) {
    // A message at least a stop's length after the last movement closes the trip, moving or not.
    if (start >= 0 && points[i].ts - points[lastMoving].ts >= TRIP_RULES.stopSeconds) close();
    if (isMoving(points[i])) {
      if (start < 0) start = i;
      lastMoving = i;
    }
  }
  return { trips, openBegin: start >= 0 ? points[start].ts : null };
}
