import type { TelemetryPoint } from '../positions';
import { haversineKm } from '../positions';

/** Ignition-on time between two fixes further apart than this is not counted (the tracker was silent: unknown). */
export const MAX_ENGINE_GAP_S = 30 * 60;
/** A step implying more than this speed is a position glitch, not distance (km/h). */
export const MAX_STEP_SPEED_KMH = 500;

/** The last fix the meters counted from, of the tracker that sent it. */
export interface MeterFeed {
  trackerId: string;
  ts: number;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  ignition: boolean | null;
  /** The device's last `vehicle.mileage` (km); once a tracker sends it, positions no longer add distance. */
  mileage: number | null;
}

export interface MeterAdvance {
  km: number;
  hours: number;
  feed: MeterFeed | null;
}

/**
 * What `fixes` (one tracker's, in fix-time order) add to an asset's meters after `feed`.
 * - A tracker other than the feed's (a tracker replaced on the asset) starts afresh: its first fix
 *   adds nothing, so the asset's odometer continues from its own value, not from the device's.
 * - Distance: the device's mileage difference when it sends `vehicle.mileage` (a drop is a reset of
 *   the device: it adds nothing and counting continues from the new value); otherwise the
 *   great-circle distance between consecutive positioned fixes, except between two fixes both at
 *   speed 0 (a parked vehicle's GPS jitter) and steps faster than 500 km/h (glitches).
 * - Engine hours: the time from a fix with the ignition on to the next, up to 30 minutes.
 * Fixes at or before the feed's time add nothing (idempotent: a resend changes nothing).
 */
export function advance(start: MeterFeed | null, trackerId: string, fixes: readonly TelemetryPoint[]): MeterAdvance {
  let feed = start && start.trackerId === trackerId ? { ...start } : null;
  let km = 0;
  let hours = 0;
  for (const fix of fixes) {
    if (feed && fix.ts <= feed.ts) continue;
    const positioned = fix.lat !== null && fix.lng !== null;
    if (!feed) {
      feed = { trackerId, ts: fix.ts, lat: fix.lat, lng: fix.lng, speed: fix.speed, ignition: fix.ignition ?? null, mileage: fix.mileage ?? null };
      continue;
    }
    const gap = fix.ts - feed.ts;
    if (fix.mileage != null) {
      if (feed.mileage != null && fix.mileage >= feed.mileage) km += fix.mileage - feed.mileage;
      feed.mileage = fix.mileage;
    } else if (feed.mileage == null && positioned && feed.lat !== null && feed.lng !== null) {
      const step = haversineKm(feed.lat, feed.lng, fix.lat!, fix.lng!);
      const parked = feed.speed === 0 && fix.speed === 0;
      if (!parked && step / (gap / 3600) <= MAX_STEP_SPEED_KMH) km += step;
    }
    if (feed.ignition === true && gap <= MAX_ENGINE_GAP_S) hours += gap / 3600;
    feed.ts = fix.ts;
    if (positioned) {
      feed.lat = fix.lat;
      feed.lng = fix.lng;
      feed.speed = fix.speed;
    }
    if (fix.ignition != null) feed.ignition = fix.ignition;
  }
  return { km, hours, feed };
}
