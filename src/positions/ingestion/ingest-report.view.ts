/** What became of a batch of messages (each message is counted once): the ingestor's report, documented. */
export class IngestReportView {
  /** Messages stored for the first time (fixes counted `implausible` are not in it). */
  accepted: number;
  /** Messages already stored (same device and timestamp: a re-sent batch), or repeated within the batch; changed nothing. */
  duplicates: number;
  /** Messages of a device id no tracker of the platform has; dropped. */
  unknownDevice: number;
  /** Messages that are not objects, or lack a device id (`device.id`, numeric `ident`) or a usable `timestamp`; dropped. */
  invalid: number;
  /** Messages timestamped more than 5 minutes after the server's clock (a device without a time fix): refused, not stored; the tracker shows the newest in `lastRefused`, `/metrics` counts them. */
  future: number;
  /**
   * Fixes stored in the track at a place no vehicle could have reached from the tracker's previous
   * fix (faster than 300 km/h): they count no distance, meter, speeding or geofence change
   * (docs/events.md, "Clocks, jumps, resets and jitter").
   */
  implausible: number;
  /** Messages whose `ident` is not the one registered on their tracker: refused, not stored; shown in the tracker's `lastRefused`. */
  identMismatch: number;
}
