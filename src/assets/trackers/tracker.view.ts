import type { RefusedMessage, StoredTracker } from '@app/fleet';
import { orNull, recordTimes } from '@app/http';

/** A message the ingestion refused (docs/telemetry.md, "Refused messages"). */
export class RefusedMessageView {
  /**
   * `future`: its `timestamp` is more than 5 minutes ahead of the server's clock; `identMismatch`: its `ident` is not the tracker's.
   * @example "future"
   */
  reason: 'future' | 'identMismatch';
  /** When the server refused it. */
  at: Date;
  /**
   * The message's own `timestamp` (unix seconds).
   * @example 1893456000
   */
  timestamp: number;
  /** The `ident` it carried, null when none. */
  ident: string | null;
}

const refusedView = (refused: RefusedMessage): RefusedMessageView => ({
  reason: refused.reason,
  at: refused.at,
  timestamp: refused.timestamp,
  ident: refused.ident ?? null,
});

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
  /**
   * The device's identity as the stream sends it (flespi `ident`); set, messages with another are refused.
   * @example "356938035643809"
   */
  ident: string | null;
  /** The newest message refused for this tracker (a timestamp ahead of the server's clock, or another `ident`), null when none. */
  lastRefused: RefusedMessageView | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toTrackerView(tracker: StoredTracker): TrackerView {
  return {
    id: tracker._id.toHexString(),
    vendorId: tracker.vendorId,
    name: tracker.name,
    ...orNull(tracker, 'model', 'phone', 'imei', 'ident'),
    lastRefused: tracker.lastRefused ? refusedView(tracker.lastRefused) : null,
    ...recordTimes(tracker),
  };
}
