import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { AssetDirectory, StoredAsset } from '@app/fleet';
import { deviceOf } from '../telemetry/telemetry-source';
import { haversineKm } from '../telemetry/telemetry-summary';
import { PositionHistory } from './position-history.service';

/** How far a place was from the vehicle, and where the vehicle's tracker had it then. */
export interface DistanceFromVehicle {
  distanceM: number;
  vehicleAt: { lat: number; lng: number; at: string };
}

/**
 * Where an asset's own tracker put it at a moment, against a place someone reported from (an
 * inspection submitted, a refuel paid): the check behind `inspection.away_from_vehicle` and a
 * refuel's `away_from_vehicle` anomaly.
 */
@Injectable()
export class VehicleWhereabouts {
  private readonly logger = new Logger(VehicleWhereabouts.name);

  constructor(
    private readonly positions: PositionHistory,
    private readonly assets: AssetDirectory,
  ) {}

  /**
   * Metres between `place` and the asset's main tracker's fix nearest `at` (within `withinS`
   * either side); null when no fix says (no tracker, no fix near then, or a telemetry source that
   * failed — a failure costs the check, never the caller's request).
   */
  async distanceAt(auth: AuthContext, asset: StoredAsset, place: { lat: number; lng: number }, at: Date, withinS: number): Promise<DistanceFromVehicle | null> {
    const tracker = await this.assets.mainTrackerOf(auth, asset);
    if (!tracker) return null;
    const fix = await this.positions.nearest(deviceOf(tracker), at.getTime() / 1000, withinS, auth.request.requestId).catch((error: Error) => {
      this.logger.warn({ requestId: auth.request.requestId }, `where ${asset.name} was could not be read: ${error.message}`);
      return null;
    });
    if (!fix) return null;
    return {
      distanceM: haversineKm(place.lat, place.lng, fix.lat, fix.lng) * 1000,
      vehicleAt: { lat: fix.lat, lng: fix.lng, at: new Date(fix.ts * 1000).toISOString() },
    };
  }
}
