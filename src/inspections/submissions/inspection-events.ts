import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import type { Stored } from '@app/database';
import type { StoredAsset } from '@app/fleet';
import { FleetEvents, NewFleetEvent } from '../../events';
import { VehicleWhereabouts } from '../../positions';
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
  constructor(
    private readonly events: FleetEvents,
    private readonly whereabouts: VehicleWhereabouts,
  ) {}

  /**
   * `again`: the events may already have been told (the events job, a keyed retry): only what is
   * not yet told is recorded, and nothing is written otherwise.
   */
  async submitted(auth: AuthContext, asset: StoredAsset, inspection: Stored<Inspection>, { again = false } = {}): Promise<void> {
    const base = {
      clientId: auth.clientId,
      assetId: asset._id,
      assetName: asset.name,
      occurredAt: inspection.submittedAt,
      subject: inspection._id.toHexString(),
    };
    const place = inspection.location ? { lat: inspection.location.lat, lng: inspection.location.lng, speed: null } : null;
    const found: NewFleetEvent[] = [];
    if (inspection.critical) {
      found.push({
        ...base,
        type: 'inspection.critical',
        position: place,
        details: {
          inspectionId: inspection._id.toHexString(),
          workOrderId: inspection.workOrderId?.toHexString() ?? null,
          criticalFieldIds: inspection.criticalFieldIds,
        },
      });
    }
    const away = place && (await this.whereabouts.distanceAt(auth, asset, place, inspection.submittedAt, FIX_WITHIN_S));
    if (away && away.distanceM > AWAY_FROM_VEHICLE_M) {
      found.push({
        ...base,
        type: 'inspection.away_from_vehicle',
        position: place,
        details: { inspectionId: inspection._id.toHexString(), distanceM: Math.round(away.distanceM), vehicleAt: away.vehicleAt },
      });
    }
    await (again ? this.events.recordUntold(found) : this.events.record(found));
  }
}
