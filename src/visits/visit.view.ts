import type { Stored } from '@app/database';
import type { Visit } from './schemas/visit.schema';

/** A vehicle's stay at a place: stopped there for at least the place's visit minutes (docs/places.md, "Visits"). */
export class VisitView {
  id: string;
  placeId: string;
  /** @example "Cliente Lo Valledor" */
  placeName: string | null;
  assetId: string;
  /** @example "Camión 12" */
  assetName: string;
  /** The driver assigned to the asset when it arrived (docs/dispatch.md); null when none. */
  driverId: string | null;
  /** @example "Juana Pérez" */
  driverName: string | null;
  /** The first stopped fix inside. */
  arrivedAt: Date;
  /** The first fix outside; null while the vehicle is there. */
  departedAt: Date | null;
  /**
   * Seconds from arrival to departure (so far, while there).
   * @example 1260
   */
  dwellSeconds: number;
}

export function toVisitView(visit: Stored<Visit>, now = new Date()): VisitView {
  return {
    id: visit._id.toHexString(),
    placeId: visit.placeId.toHexString(),
    placeName: visit.placeName,
    assetId: visit.assetId.toHexString(),
    assetName: visit.assetName,
    driverId: visit.driverId?.toHexString() ?? null,
    driverName: visit.driverName,
    arrivedAt: visit.arrivedAt,
    departedAt: visit.departedAt,
    dwellSeconds: Math.max(0, Math.round(((visit.departedAt ?? now).getTime() - visit.arrivedAt.getTime()) / 1000)),
  };
}
