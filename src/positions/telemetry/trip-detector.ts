import type { TelemetryPoint } from './telemetry-point';
import { withoutImplausible } from './fix-plausibility';
import { pathKm } from './trip-builder';

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
  /** That trip's last moving message, else null. */
  openLastMoving: number | null;
}

/**
 * Where detection stands after the newest message it has seen: enough to take the next messages
 * without reading the open trip's points again (a trip of a day at 1 s is 86 400 points).
 */
export interface TripProgress {
  openBegin: number | null;
  openLastMoving: number | null;
  /** The newest message detection has seen. */
  seenTo: number;
}

/** Ignition where the device reports it, else speed. */
export const isMoving = (point: TelemetryPoint) => (point.ignition != null ? point.ignition : (point.speed ?? 0) >= TRIP_RULES.movingSpeedKmh);

/** A run's distance as its trip will have it: plausible fixes only. */
const distanceKm = (run: readonly TelemetryPoint[]) => pathKm(withoutImplausible(run));

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
  return { trips, openBegin: start >= 0 ? points[start].ts : null, openLastMoving: start >= 0 ? points[lastMoving].ts : null };
}

/**
 * The progress once `points` (in time order) follow what `progress` has seen, as `detectTrips`
 * over everything would leave it; null when they cannot simply follow on: they close a trip
 * (which is built from all its points), or one of them is not newer than what was seen
 * (a late, reordered or repeated message can change trips already detected).
 */
export function continueTrips(progress: TripProgress, points: readonly TelemetryPoint[]): TripProgress | null {
  let { openBegin, openLastMoving, seenTo } = progress;
  for (const point of points) {
    if (point.ts <= seenTo) return null;
    if (openBegin !== null && point.ts - openLastMoving! >= TRIP_RULES.stopSeconds) return null;
    if (isMoving(point)) {
      openBegin ??= point.ts;
      openLastMoving = point.ts;
    }
    seenTo = point.ts;
  }
  return { openBegin, openLastMoving, seenTo };
}
