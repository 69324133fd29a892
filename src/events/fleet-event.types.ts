import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { FleetEventType } from './event-types';
import type { FleetEvent } from './schemas/fleet-event.schema';

export type StoredFleetEvent = Stored<FleetEvent>;

/** An event to record; what makes it unique is its asset, type, time, geofence and `subject` (a place event's subject is its place). */
export interface NewFleetEvent {
  clientId: Types.ObjectId;
  assetId: Types.ObjectId;
  assetName: string;
  type: FleetEventType;
  occurredAt: Date;
  position?: { lat: number; lng: number; speed: number | null } | null;
  geofenceId?: Types.ObjectId | null;
  /** The place of a visit event (`place.arrival`, `place.departure`). */
  placeId?: Types.ObjectId | null;
  /** The task of a task event (`task.arrived`, `task.late`, …). */
  taskId?: Types.ObjectId | null;
  details?: Record<string, unknown>;
  /** Tells apart events of one asset, type and time that are not the same (an inspection's id, a plan's cycle). */
  subject?: string;
}
