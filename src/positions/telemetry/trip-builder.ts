import type { TelemetryPoint } from './telemetry-point';
import type { TripPosition, TripRecord } from './telemetry-source';
import { withoutImplausible } from './fix-plausibility';
import { summarize } from './telemetry-summary';

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

export interface TripFacts {
  id: number;
  begin: number;
  end: number;
  startBatteryLevel?: number | null;
  endBatteryLevel?: number | null;
  type?: string;
}

/**
 * A trip from its points, with the same definitions as the statistics over its plausible fixes:
 * distance the haversine sum (km, 3 decimals), avg_speed the mean reported speed (km/h), duration
 * `end - begin` (s).
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
    distance: round(summary.distanceKm, 3),
    duration: facts.end - facts.begin,
    start_battery_level: facts.startBatteryLevel ?? null,
    end_battery_level: facts.endBatteryLevel ?? null,
    route: encodePolyline(positions),
    type: facts.type ?? 'trip',
    positions,
  };
}
