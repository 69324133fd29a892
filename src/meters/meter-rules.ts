import type { TelemetryPoint } from '../positions';
import { drivable, haversineKm, judgeFix, PlacedFix } from '../positions';

/** Ignition-on time between two fixes further apart than this is not counted (the tracker was silent: unknown). */
export const MAX_ENGINE_GAP_S = 30 * 60;
/** Below this reported speed a vehicle stands still (GPS speed is never exactly 0 while parked). */
export const STILL_KMH = 3;
/** A still vehicle's positions within this distance of where it stopped are GPS error, not distance (km). */
export const STOP_RADIUS_KM = 0.03;
/** A device odometer counts in steps up to this size (km): a step this small is never a jump. */
const ODOMETER_STEP_KM = 1;

/** The last fix the meters counted from, of the tracker that sent it. */
export interface MeterFeed {
  trackerId: string;
  ts: number;
  /** Where distance counts from: the last accepted position (while the vehicle stands still, where it stopped). */
  lat: number | null;
  lng: number | null;
  speed: number | null;
  ignition: boolean | null;
  /** The device's last `vehicle.mileage` (km); once a tracker sends it, positions no longer add distance. */
  mileage: number | null;
  /** When `mileage` was read (unix s); absent in feeds stored before it: `ts`. */
  mileageTs?: number;
  /** When `lat`/`lng` were (unix s); absent in feeds stored before it: `ts`. */
  placedTs?: number;
  /** The first fix of a jump not yet believed (docs/maintenance.md, "Meters from telemetry"). */
  doubt?: PlacedFix | null;
}

export interface MeterAdvance {
  km: number;
  hours: number;
  feed: MeterFeed | null;
}

const isStill = (fix: TelemetryPoint) => fix.speed !== null && fix.speed < STILL_KMH;

/**
 * What a device odometer's new reading adds: the difference, unless it goes backwards (a reset or
 * a replaced unit) or jumps faster than a vehicle drives (a corrupt reading): then it is a new
 * baseline and adds nothing.
 */
function odometerStep(feed: MeterFeed, mileage: number, ts: number): number {
  if (feed.mileage === null) return 0;
  const km = mileage - feed.mileage;
  if (km < 0) return 0;
  return drivable(km, ts - (feed.mileageTs ?? feed.ts), ODOMETER_STEP_KM) ? km : 0;
}

/**
 * What a located fix adds to the distance from the feed's place (positions' distance: the device
 * sends no odometer), moving the place on: a fix no vehicle could have reached counts nothing and
 * stays out (`judgeFix`); a relocated vehicle counts from its new place; a still vehicle (speed
 * under STILL_KMH with the ignition off, or within STOP_RADIUS_KM of where it stopped) adds nothing
 * and keeps its stop as the place.
 */
function positionStep(feed: MeterFeed, fix: TelemetryPoint & { lat: number; lng: number }): number {
  if (feed.lat === null || feed.lng === null) {
    [feed.lat, feed.lng, feed.placedTs] = [fix.lat, fix.lng, fix.ts];
    return 0;
  }
  const plausibility = { last: { ts: feed.placedTs ?? feed.ts, lat: feed.lat, lng: feed.lng }, doubt: feed.doubt ?? null };
  const verdict = judgeFix(plausibility, fix);
  feed.doubt = plausibility.doubt;
  if (verdict === 'implausible') return 0;
  const km = haversineKm(feed.lat, feed.lng, fix.lat, fix.lng);
  if (verdict === 'plausible' && isStill(fix) && (fix.ignition === false || km <= STOP_RADIUS_KM)) return 0;
  [feed.lat, feed.lng, feed.placedTs] = [fix.lat, fix.lng, fix.ts];
  return verdict === 'plausible' ? km : 0;
}

/**
 * What `fixes` (one tracker's, in fix-time order) add to an asset's meters after `feed`
 * (docs/maintenance.md, "Meters from telemetry").
 * - A tracker other than the feed's (a tracker replaced on the asset) starts afresh: its first fix
 *   adds nothing, so the asset's odometer continues from its own value, not from the device's.
 * - Distance: the device's mileage difference when it sends `vehicle.mileage` (`odometerStep`);
 *   otherwise the distance between plausible positions of a moving vehicle (`positionStep`).
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
      feed = {
        trackerId,
        ts: fix.ts,
        lat: fix.lat,
        lng: fix.lng,
        speed: fix.speed,
        ignition: fix.ignition ?? null,
        mileage: fix.mileage ?? null,
        mileageTs: fix.ts,
        placedTs: fix.ts,
        doubt: null,
      };
      continue;
    }
    const gap = fix.ts - feed.ts;
    if (fix.mileage != null) {
      km += odometerStep(feed, fix.mileage, fix.ts);
      [feed.mileage, feed.mileageTs] = [fix.mileage, fix.ts];
    } else if (positioned) {
      const step = positionStep(feed, fix as TelemetryPoint & { lat: number; lng: number });
      if (feed.mileage == null) km += step;
    }
    if (feed.ignition === true && gap <= MAX_ENGINE_GAP_S) hours += gap / 3600;
    feed.ts = fix.ts;
    if (positioned) feed.speed = fix.speed;
    if (fix.ignition != null) feed.ignition = fix.ignition;
  }
  return { km, hours, feed };
}
