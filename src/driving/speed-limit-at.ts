import { eventSettingsOf, type StoredAsset } from '@app/fleet';
import { lowestSpeedLimit } from '../events';
import type { ClientGeofences } from '../geofences';
import type { TelemetryPoint } from '../positions';

/** The limit in force for an asset at a located fix: the lowest of its geofences' that apply, else its own. */
export function speedLimitAt(asset: StoredAsset, fences: ClientGeofences): (point: TelemetryPoint & { lat: number; lng: number }) => number | null {
  const own = eventSettingsOf(asset).speedLimitKmh;
  const limited = fences.fences.some((fence) => fence.speedLimitKmh !== null && fence.appliesTo(asset));
  if (!limited) return () => own;
  return (point) =>
    lowestSpeedLimit(
      fences.containing(point).filter((fence) => fence.appliesTo(asset)),
      own,
    );
}
