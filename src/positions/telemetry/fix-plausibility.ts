import type { TelemetryPoint } from './telemetry-point';
import { haversineKm } from '@app/geo';

/** Above this speed implied between two fixes, the later one is not a place the vehicle reached (km/h). */
export const MAX_PLAUSIBLE_KMH = 300;
/** A receiver's error at each end of a step (km): tiny steps a second apart are noise, not speed. */
const FIX_ERROR_KM = 0.05;

/** A located fix as the plausibility rule remembers it. */
export interface PlacedFix {
  ts: number;
  lat: number;
  lng: number;
}

/**
 * Where a tracker plausibly is (docs/events.md, "Clocks, jumps, resets and jitter"): its last
 * accepted fix, and the first fix of a jump not yet believed.
 */
export interface PlausibilityState {
  last: PlacedFix | null;
  doubt: PlacedFix | null;
}

/**
 * - `plausible`: the vehicle can have driven there from its last accepted fix;
 * - `implausible`: it cannot (a glitch, a stale cell position): the fix is kept in the track but
 *   moves nothing — no distance, speeding or geofence change;
 * - `relocated`: a second fix agrees with the doubted one: the vehicle really is elsewhere (carried,
 *   or the tracker was off); it counts from here, without a path from the last fix.
 */
export type FixVerdict = 'plausible' | 'implausible' | 'relocated';

export const initialPlausibility = (): PlausibilityState => ({ last: null, doubt: null });

/** Whether `km` in `seconds` is a speed a vehicle drives (at most MAX_PLAUSIBLE_KMH), `slackKm` of measuring error aside. */
export function drivable(km: number, seconds: number, slackKm: number): boolean {
  const beyondSlack = km - slackKm;
  if (beyondSlack <= 0) return true;
  const hours = Math.abs(seconds) / 3600;
  return hours > 0 && beyondSlack / hours <= MAX_PLAUSIBLE_KMH;
}

/** Whether `to` can be reached from `from` at MAX_PLAUSIBLE_KMH (a receiver's error at each end aside). */
export function reachable(from: PlacedFix, to: PlacedFix): boolean {
  return drivable(haversineKm(from.lat, from.lng, to.lat, to.lng), to.ts - from.ts, 2 * FIX_ERROR_KM);
}

/** Judges the next located fix of a tracker (in fix-time order) and moves the state on. */
export function judgeFix(state: PlausibilityState, fix: PlacedFix): FixVerdict {
  const placed = { ts: fix.ts, lat: fix.lat, lng: fix.lng };
  if (!state.last || reachable(state.last, placed)) {
    state.last = placed;
    state.doubt = null;
    return 'plausible';
  }
  if (state.doubt && state.doubt.ts < placed.ts && reachable(state.doubt, placed)) {
    state.last = placed;
    state.doubt = null;
    return 'relocated';
  }
  state.doubt = placed;
  return 'implausible';
}

/** Points in time order without the fixes no vehicle could have reached (those without a position stay): what a trip's distance and route are drawn from. */
export function withoutImplausible(points: readonly TelemetryPoint[]): TelemetryPoint[] {
  const state = initialPlausibility();
  return points.filter((point) => point.lat === null || point.lng === null || judgeFix(state, point as PlacedFix) !== 'implausible');
}
