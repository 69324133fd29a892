import type { TelemetryPoint } from '../../telemetry/telemetry-point';
import { TRIP_RULES } from '../../telemetry/trip-detector';

/** The rules of the stops report (docs/telemetry.md, "Stops and idling"). */
export const STOP_RULES = {
  /** Slower than this (km/h) is standing still; a message without a speed counts as 0. The trips' threshold. */
  stillSpeedKmh: TRIP_RULES.movingSpeedKmh,
  /** Standing still at least this long (s) is a stop: the trips' stop, so a stop is what separates two trips. */
  minStopSeconds: TRIP_RULES.stopSeconds,
  /** Standing still with the ignition on at least this long (s) is idling. */
  minIdleSeconds: 120,
} as const;

export interface StillPeriod {
  kind: 'stop' | 'idle';
  /** unix seconds: the first still message */
  start: number;
  /** unix seconds: the first message that ends it (moving, or for idling the ignition off), else the last still message */
  end: number;
  /** where it began (the first still message with a position), null when none had one */
  lat: number | null;
  lng: number | null;
}

const isStill = (p: TelemetryPoint) => (p.speed ?? 0) < STOP_RULES.stillSpeedKmh;
const isIdling = (p: TelemetryPoint) => isStill(p) && p.ignition === true;

/** The runs of consecutive points matching `test`, each ended by the first point that does not. */
function runs(points: readonly TelemetryPoint[], test: (p: TelemetryPoint) => boolean, minSeconds: number, kind: StillPeriod['kind']): StillPeriod[] {
  const found: StillPeriod[] = [];
  let first = -1;
  const close = (endIndex: number) => {
    const end = points[endIndex].ts;
    const located = points.slice(first, endIndex + 1).find((p) => p.lat !== null && p.lng !== null);
    if (end - points[first].ts >= minSeconds) found.push({ kind, start: points[first].ts, end, lat: located?.lat ?? null, lng: located?.lng ?? null });
    first = -1;
  };
  for (let i = 0; i < points.length; i++) {
    if (test(points[i])) {
      if (first < 0) first = i;
    } else if (first >= 0) close(i);
  }
  if (first >= 0) close(points.length - 1);
  return found;
}

/**
 * Stops and idling of one device's points (time order, one per timestamp). A stop: standing
 * still (speed under 5 km/h) for at least 5 minutes, whatever the ignition, gaps without
 * messages included (a parked truck whose device sleeps). Idling: standing still with the
 * ignition on for at least 2 minutes, inside a stop or not (a long red light). Both are clipped
 * to the points given (the range). In time order, a stop before the idling that starts with it.
 */
export function detectStillPeriods(points: readonly TelemetryPoint[]): StillPeriod[] {
  return [...runs(points, isStill, STOP_RULES.minStopSeconds, 'stop'), ...runs(points, isIdling, STOP_RULES.minIdleSeconds, 'idle')].sort(
    (a, b) => a.start - b.start || (a.kind === 'stop' ? -1 : 1),
  );
}
