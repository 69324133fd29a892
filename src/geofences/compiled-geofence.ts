import type { Stored } from '@app/database';
import { compileAssetTargets, type TargetableAsset } from '@app/fleet';
import { compileShape, AreaShape } from '@app/geo';
import type { Geofence } from './schemas/geofence.schema';

/** A geofence ready for fixes: its shape, speed limit and the assets it applies to. */
export interface CompiledGeofence {
  id: string;
  name: string;
  speedLimitKmh: number | null;
  shape: AreaShape;
  appliesTo(asset: TargetableAsset): boolean;
}

export function compileGeofence(geofence: Stored<Geofence>): CompiledGeofence {
  const targets = compileAssetTargets(geofence);
  return {
    id: geofence._id.toHexString(),
    name: geofence.name,
    speedLimitKmh: geofence.speedLimitKmh ?? null,
    shape: compileShape(geofence.geometry, { radiusM: geofence.radiusM, widthM: geofence.widthM }),
    appliesTo: (asset) => targets.appliesTo(asset),
  };
}
