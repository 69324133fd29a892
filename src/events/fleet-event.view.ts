import { NO_DRIVER } from '../drivers';
import type { FleetEventType } from './event-types';
import type { StoredFleetEvent } from './fleet-event.types';

export class EventPositionView {
  lat: number;
  lng: number;
  /** km/h; null when the fix had none. */
  speed: number | null;
}

/** What happened to an asset (docs/events.md has every type and its details). */
export class FleetEventView {
  id: string;
  /** @example "geofence.enter" */
  type: FleetEventType;
  assetId: string;
  /** @example "Camión 12" */
  assetName: string;
  /** The fix's time: for a change of state, the first fix in the new state. */
  occurredAt: Date;
  /** When the platform detected it. */
  detectedAt: Date;
  /** Where the asset was; null for events of no fix (an overdue work order). */
  position: EventPositionView | null;
  /** The geofence of a geofence event; null otherwise. */
  geofenceId: string | null;
  /** The place of a visit event (`place.arrival`, `place.departure`); null otherwise. */
  placeId: string | null;
  /** The task of a task event (`task.*`); null otherwise. */
  taskId: string | null;
  /** The type's facts: `limitKmh`, `maxSpeedKmh`, `durationSeconds`, `sensor`, … (docs/events.md). */
  details: Record<string, unknown>;
  /** The driver assigned to the asset when it occurred (docs/dispatch.md); null when none. */
  driverId: string | null;
  /** @example "Juana Pérez" */
  driverName: string | null;
}

/** The event as shown; its driver comes from the assignments when it is read (null until labelled). */
export function toFleetEventView(event: StoredFleetEvent, driver: { driverId: string | null; driverName: string | null } = NO_DRIVER): FleetEventView {
  return {
    id: event._id.toHexString(),
    type: event.type,
    assetId: event.assetId.toHexString(),
    assetName: event.assetName,
    occurredAt: event.occurredAt,
    detectedAt: event.detectedAt,
    position: event.position ?? null,
    geofenceId: event.geofenceId ? event.geofenceId.toHexString() : null,
    placeId: event.placeId ? event.placeId.toHexString() : null,
    taskId: event.taskId ? event.taskId.toHexString() : null,
    details: event.details ?? {},
    driverId: driver.driverId,
    driverName: driver.driverName,
  };
}
