import type { StoredTracker } from '@app/fleet';

/** A GPS device of the client. */
export class TrackerView {
  id: string;
  /** The flespi device id, unique across the platform. */
  vendorId: number;
  name: string;
  /** The device model, e.g. `FMB920`. */
  model: string | null;
  /** The SIM card's phone number. */
  phone: string | null;
  /** The device's IMEI (15 digits). */
  imei: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toTrackerView(tracker: StoredTracker): TrackerView {
  return {
    id: tracker._id.toHexString(),
    vendorId: tracker.vendorId,
    name: tracker.name,
    model: tracker.model ?? null,
    phone: tracker.phone ?? null,
    imei: tracker.imei ?? null,
    createdAt: tracker.createdAt,
    updatedAt: tracker.updatedAt,
  };
}
