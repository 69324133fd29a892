import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import type { Stored } from '@app/database';
import { AssetDirectory, StoredAsset } from '@app/fleet';
import { FleetEvents, NewFleetEvent } from '../../events';
import { haversineKm, PositionHistory } from '../../positions';
import type { Inspection } from '../schemas/inspection.schema';

/** Farther than this from where the asset's own tracker was, the inspector was not at the vehicle. */
export const AWAY_FROM_VEHICLE_M = 500;
/** The tracker's fix must be this close in time to the submission to say where the vehicle was. */
const FIX_WITHIN_S = 120;

/**
 * The fleet events of a submitted inspection: `inspection.critical` for a critical one, and
 * `inspection.away_from_vehicle` when the place it was submitted from is more than 500 m from
 * where the asset's tracker was at that minute (docs/events.md). Recorded before the
 * submission is answered; the id of each is its inspection's, so a retry never makes two.
 */
@Injectable()
export class InspectionEvents {
  private readonly logger = new Logger(InspectionEvents.name);

  constructor(
    private readonly events: FleetEvents,
    private readonly positions: PositionHistory,
    private readonly assets: AssetDirectory,
  ) {}

  async submitted(auth: AuthContext, asset: StoredAsset, inspection: Stored<Inspection>): Promise<void> {
    const base = { clientId: auth.clientId, assetId: asset._id, assetName: asset.name, occurredAt: inspection.submittedAt, subject: inspection._id.toHexString() };
    const place = inspection.location ? { lat: inspection.location.lat, lng: inspection.location.lng, speed: null } : null;
    const found: NewFleetEvent[] = [];
    if (inspection.critical) {
      found.push({ ...base, type: 'inspection.critical', position: place, details: { inspectionId: inspection._id.toHexString(), workOrderId: inspection.workOrderId?.toHexString() ?? null, criticalFieldIds: inspection.criticalFieldIds } });
    }
    const away = place && (await this.distanceFromVehicle(auth, asset, place, inspection.submittedAt));
    if (away && away.distanceM > AWAY_FROM_VEHICLE_M) {
      found.push({ ...base, type: 'inspection.away_from_vehicle', position: place, details: { inspectionId: inspection._id.toHexString(), distanceM: Math.round(away.distanceM), vehicleAt: away.vehicleAt } });
    }
    await this.events.record(found);
  }

  /** Metres between the submission's place and the tracker's fix nearest that minute; null when no fix says. */
  private async distanceFromVehicle(auth: AuthContext, asset: StoredAsset, place: { lat: number; lng: number }, at: Date) {
    if (!asset.mainTrackerId) return null;
    const tracker = (await this.assets.findTrackersByIds(auth, [asset.mainTrackerId])).get(asset.mainTrackerId.toHexString());
    if (!tracker) return null;
    const fix = await this.positions
      .nearest({ trackerId: tracker._id.toHexString(), vendorId: tracker.vendorId }, at.getTime() / 1000, FIX_WITHIN_S, auth.request.requestId)
      .catch((error: Error) => {
        // A telemetry source that fails (flespi down) costs the check, never the inspection.
        this.logger.warn({ requestId: auth.request.requestId }, `where ${asset.name} was could not be read: ${error.message}`);
        return null;
      });
    if (!fix) return null;
    return { distanceM: haversineKm(place.lat, place.lng, fix.lat, fix.lng) * 1000, vehicleAt: { lat: fix.lat, lng: fix.lng, at: new Date(fix.ts * 1000).toISOString() } };
  }
}
