import { Injectable } from '@nestjs/common';
import type { CompiledGeofence } from '../../geofences';
import { DetectionRule, FenceContext, FixMoment, FleetEventRule } from './detection-rule';
import { DetectedEvent, DetectorState, Spot } from './detector-state';

const METRES_PER_DEGREE = 111_195;

/** The box around a spot that a fence must meet to matter (the hysteresis as margin). */
function boxAround(spot: Spot, marginM: number): [number, number, number, number] {
  const dLat = marginM / METRES_PER_DEGREE;
  const dLng = marginM / (METRES_PER_DEGREE * Math.max(Math.cos((spot.lat * Math.PI) / 180), 0.01));
  return [spot.lng - dLng, spot.lat - dLat, spot.lng + dLng, spot.lat + dLat];
}

const interpolate = (a: Spot, b: Spot, f: number): Spot => ({
  ts: Math.round(a.ts + f * (b.ts - a.ts)),
  lat: a.lat + f * (b.lat - a.lat),
  lng: a.lng + f * (b.lng - a.lng),
  speed: b.speed,
});

/** Seconds an asset must stay across a geofence's edge for the change to count without going deep. */
export const FENCE_DWELL_S = 60;

/** Below this reported speed a fix is a parked vehicle: its apparent moves are GPS error. */
export const PARKED_BELOW_KMH = 3;

const isParked = (spot: Spot) => spot.speed !== null && spot.speed < PARKED_BELOW_KMH;

/**
 * Geofence enter and exit for one located fix, after `state.last`. A fix at the edge does not
 * flap (docs/events.md, "Jitter"): a change across the edge counts once a moving fix is
 * `hysteresisM` past it (at most half the fence's depth, for small fences), or once the asset has
 * stayed across for FENCE_DWELL_S; a fix back on the old side before that cancels it. A parked
 * fix never counts by depth alone: a parked vehicle does not cross edges, its error does. The event is dated at the
 * first fix across. A fence between two fixes far apart (both outside) still yields its enter and
 * exit, at the interpolated points where the straight path crossed it — unless the asset was
 * relocated (`continuous` false: a jump no vehicle drives), when there is no path to cross.
 */
export function fenceEvents(state: DetectorState, spot: Spot, context: FenceContext, continuous = true): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  const previous = state.last;
  const candidates = new Map<string, CompiledGeofence>();
  for (const fence of context.fences.near(...boxAround(spot, context.hysteresisM))) if (context.appliesTo(fence)) candidates.set(fence.id, fence);
  for (const id of Object.keys(state.fences)) {
    const fence = context.fences.byId(id);
    if (fence) candidates.set(id, fence);
    else delete state.fences[id]; // deleted, or no longer for this asset: forgotten without an event
  }
  if (previous && continuous) {
    const [a, b] = [previous, spot];
    const lengthM = Math.hypot((b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180), b.lat - a.lat) * METRES_PER_DEGREE;
    for (const fence of context.fences.near(Math.min(a.lng, b.lng), Math.min(a.lat, b.lat), Math.max(a.lng, b.lng), Math.max(a.lat, b.lat))) {
      if (state.fences[fence.id] || !context.appliesTo(fence)) continue;
      // A point of the path lies within `lengthM` of both ends: farther than that from the fence, it cannot cross it.
      const [fromA, fromB] = [fence.shape.signedDistanceM(a), fence.shape.signedDistanceM(b)];
      if (fromA <= 0 || fromB <= 0 || fromA > lengthM || fromB > lengthM) continue;
      const crossing = fence.shape.crossing(a, b);
      if (!crossing) continue;
      const details = { geofenceName: fence.name, interpolated: true };
      events.push(
        { type: 'geofence.enter', at: interpolate(a, b, crossing.enter), geofenceId: fence.id, details },
        { type: 'geofence.exit', at: interpolate(a, b, crossing.exit), geofenceId: fence.id, details },
      );
    }
  }
  for (const [id, fence] of candidates) {
    const distance = fence.shape.signedDistanceM(spot);
    const known = state.fences[id] ?? { inside: false };
    const inside = distance <= 0;
    if (!previous) {
      // The asset's first fix: where it is, without an event.
      if (inside) state.fences[id] = { inside: true };
      continue;
    }
    if (inside === known.inside) {
      // Back on its side: a change under way is cancelled.
      if (inside) state.fences[id] = { inside };
      else delete state.fences[id];
      continue;
    }
    const pending = known.pending ?? { to: inside, first: spot, count: 0 };
    const band = Math.min(context.hysteresisM, fence.shape.depthM / 2);
    if ((Math.abs(distance) < band || isParked(spot)) && spot.ts - pending.first.ts < FENCE_DWELL_S) {
      state.fences[id] = { inside: known.inside, pending: { ...pending, count: pending.count + 1 } };
      continue;
    }
    events.push({ type: inside ? 'geofence.enter' : 'geofence.exit', at: pending.first, geofenceId: id, details: { geofenceName: fence.name } });
    if (inside) state.fences[id] = { inside: true };
    else delete state.fences[id];
  }
  return events;
}

/** The speed limit where the asset is: the lowest of the fences it is in, else its own (null: none). */
export function speedLimitAt(state: DetectorState, context: FenceContext, own: number | null): number | null {
  const inside = Object.entries(state.fences)
    .filter(([, fence]) => fence.inside)
    .map(([id]) => context.fences.byId(id));
  return lowestSpeedLimit(inside, own);
}

/** The lowest limit among these geofences', else `own` (null: no limit). */
export function lowestSpeedLimit(fences: ReadonlyArray<{ speedLimitKmh: number | null } | undefined>, own: number | null): number | null {
  const limits = fences.map((fence) => fence?.speedLimitKmh).filter((limit): limit is number => typeof limit === 'number');
  return limits.length > 0 ? Math.min(...limits) : own;
}

/** `geofence.enter` / `geofence.exit`: first, since speeding reads the limits of the fences the asset is in. */
@Injectable()
@FleetEventRule()
export class GeofenceRule implements DetectionRule {
  readonly order = 10;

  eventsAt({ state, located, context, continuous }: FixMoment): DetectedEvent[] {
    return located ? fenceEvents(state, located, context, continuous) : [];
  }
}
