import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { compileShape, GeofenceShape } from './geometry/geofence-shape';
import type { Geofence } from './schemas/geofence.schema';

/** A geofence ready for fixes: its shape, speed limit and the assets it applies to. */
export interface CompiledGeofence {
  id: string;
  name: string;
  speedLimitKmh: number | null;
  shape: GeofenceShape;
  appliesTo(asset: { _id: Types.ObjectId; groupIds?: readonly Types.ObjectId[] }): boolean;
}

export function compileGeofence(geofence: Stored<Geofence>): CompiledGeofence {
  const assets = new Set(geofence.assetIds.map(String));
  const groups = new Set(geofence.groupIds.map(String));
  return {
    id: geofence._id.toHexString(),
    name: geofence.name,
    speedLimitKmh: geofence.speedLimitKmh ?? null,
    shape: compileShape(geofence.geometry, { radiusM: geofence.radiusM, widthM: geofence.widthM }),
    appliesTo: (asset) => geofence.allAssets || assets.has(String(asset._id)) || (asset.groupIds ?? []).some((group) => groups.has(String(group))),
  };
}
