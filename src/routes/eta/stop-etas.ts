import type { LatLng } from '@app/geo';
import { haversineKm } from '../../positions';
import type { TaskState } from '../../tasks';

/** The ETA's rule (docs/dispatch.md, "Routes and ETAs"). */
export const ROUTE_ETA = {
  /** Roads are longer than the straight line between two points. */
  detourFactor: 1.3,
  /** The speed of a vehicle without driving in the last days. */
  defaultSpeedKmh: 35,
  historyDays: 7,
} as const;

/** States of a stop still to do: the vehicle has yet to get there. */
const TO_DO: readonly TaskState[] = ['unassigned', 'assigned'];

export interface EtaStop {
  state: TaskState;
  /** Where it is; null when its place is gone (it gets no ETA and the walk goes on from the stop before). */
  point: LatLng | null;
  serviceMinutes: number | null;
}

/**
 * Each stop's ETA, in order: from the vehicle's position at `startMs`, along the stops still to
 * do in sequence, each leg the straight line × 1.3 at `speedKmh`, plus the service minutes of
 * each earlier stop still to do (not the stop's own). Stops not to do any more, and every stop
 * while the vehicle has no position, have none.
 */
export function stopEtas(from: LatLng | null, startMs: number, speedKmh: number, stops: readonly EtaStop[]): Array<Date | null> {
  let here = from;
  let clock = startMs;
  return stops.map((stop) => {
    if (!here || !stop.point || !TO_DO.includes(stop.state)) return null;
    const km = haversineKm(here.lat, here.lng, stop.point.lat, stop.point.lng) * ROUTE_ETA.detourFactor;
    const eta = clock + (km / speedKmh) * 3_600_000;
    clock = eta + (stop.serviceMinutes ?? 0) * 60_000;
    here = stop.point;
    return new Date(Math.round(eta));
  });
}
