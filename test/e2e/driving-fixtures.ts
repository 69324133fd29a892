import { METRE_OF_LATITUDE as M } from './depot-fixtures';
import type { TrackedFixture } from './positions-fixtures';

/**
 * A scripted drive, a fix every `stepS` (10) seconds northwards with the ignition on: each fix's speed holds until
 * the next (the asset moves the metres it covers), then standing still with the ignition on, then
 * one fix with it off. Its figures worked out by hand: `drivingSeconds` a step per moving fix,
 * `idlingSeconds` a step per standing one, `distanceKm` Σ speed × step.
 */
export function scriptedDrive(asset: TrackedFixture, start: { ts: number; lat: number; lng: number }, speeds: readonly number[], standing: number, stepS = 10) {
  let north = 0;
  const messages: object[] = [];
  const fix = (i: number, speed: number, ignition: boolean) => ({
    'device.id': asset.vendorId,
    timestamp: start.ts + i * stepS,
    'position.latitude': start.lat + north * M,
    'position.longitude': start.lng,
    'position.speed': speed,
    'engine.ignition.status': ignition,
  });
  speeds.forEach((speed, i) => {
    messages.push(fix(i, speed, true));
    north += (speed / 3.6) * stepS;
  });
  for (let i = 0; i < standing; i++) messages.push(fix(speeds.length + i, 0, true));
  messages.push(fix(speeds.length + standing, 0, false));
  return {
    messages,
    distanceKm: speeds.reduce((sum, speed) => sum + (speed * stepS) / 3600, 0),
    drivingSeconds: speeds.length * stepS,
    idlingSeconds: standing * stepS,
  };
}
