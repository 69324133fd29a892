import type { TelemetryPoint } from './telemetry-point';
import type { TripPosition, TripRecord } from './telemetry-source';
import { withoutImplausible } from './fix-plausibility';
import { haversineKm, summarize } from './telemetry-summary';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Google's encoded polyline (precision 5) of the positions: the trip's `route`. */
export function encodePolyline(points: ReadonlyArray<{ lat: number; lng: number }>): string {
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const encode = (delta: number) => {
    let value = delta < 0 ? ~(delta << 1) : delta << 1;
    while (value >= 0x20) {
      out += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    out += String.fromCharCode(value + 63);
  };
  for (const { lat, lng } of points) {
    const [eLat, eLng] = [Math.round(lat * 1e5), Math.round(lng * 1e5)];
    encode(eLat - prevLat);
    encode(eLng - prevLng);
    [prevLat, prevLng] = [eLat, eLng];
  }
  return out;
}

export function toTripPositions(points: readonly TelemetryPoint[]): TripPosition[] {
  return points
    .filter((p) => p.lat !== null && p.lng !== null)
    .map((p) => ({ alt: p.alt ?? 0, dir: p.dir ?? 0, lat: p.lat!, lng: p.lng!, speed: p.speed ?? 0, timestamp: p.ts }));
}

/**
 * The haversine sum over consecutive positions (km), taken as they come: a trip's distance, from
 * its plausible fixes (`withoutImplausible`), a relocation's jump included.
 */
export function pathKm(points: readonly TelemetryPoint[]): number {
  let km = 0;
  let last: TelemetryPoint | undefined;
  for (const point of points) {
    if (point.lat === null || point.lng === null) continue;
    if (last) km += haversineKm(last.lat!, last.lng!, point.lat, point.lng);
    last = point;
  }
  return km;
}

export interface TripFacts {
  id: number;
  begin: number;
  end: number;
  startBatteryLevel?: number | null;
  endBatteryLevel?: number | null;
  type?: string;
}

/**
 * A trip from its points, over its plausible fixes: distance their haversine sum (`pathKm`, as
 * trip detection measures a run; km, 3 decimals), avg_speed the mean reported speed as the
 * statistics define it (km/h), duration `end - begin` (s).
 */
export function buildTrip(facts: TripFacts, points: readonly TelemetryPoint[]): TripRecord {
  // A fix no vehicle could have reached is neither distance nor a point of the route (docs/events.md, "Clocks, jumps, resets and jitter").
  const kept = withoutImplausible(points);
  const summary = summarize(kept);
  const positions = toTripPositions(kept);
  return {
    id: facts.id,
    avg_speed: summary.speedCount > 0 ? round(summary.speedSum / summary.speedCount, 2) : 0,
    max_speed: summary.maxSpeed ?? 0,
    begin: facts.begin,
    end: facts.end,
    timestamp: facts.end,
    distance: round(pathKm(kept), 3),
    duration: facts.end - facts.begin,
    start_battery_level: facts.startBatteryLevel ?? null,
    end_battery_level: facts.endBatteryLevel ?? null,
    route: encodePolyline(positions),
    type: facts.type ?? 'trip',
    positions,
  };
}
