import type { StoredTracker } from '@app/fleet';

/** A GPS device of the client. */
export class TrackerView {
  id: string;
  /**
   * The flespi device id, unique across the platform.
   * @example 4521
   */
  vendorId: number;
  /** @example "Camión 12 - FMB920" */
  name: string;
  /**
   * The device model, e.g. `FMB920`.
   * @example "Teltonika FMB920"
   */
  model: string | null;
  /**
   * The SIM card's phone number.
   * @example "+56 9 8765 4321"
   */
  phone: string | null;
  /**
   * The device's IMEI (15 digits).
   * @example "356938035643809"
   */
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
