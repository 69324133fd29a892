/** What became of a batch of messages (each message is counted once). */
export class IngestReportView {
  /** Messages stored for the first time. */
  accepted: number;
  /** Messages already stored (same device and timestamp: a re-sent batch), or repeated within the batch; changed nothing. */
  duplicates: number;
  /** Messages of a device id no tracker of the platform has; dropped. */
  unknownDevice: number;
  /** Messages that are not objects, or lack a device id (`device.id`, numeric `ident`) or a usable `timestamp`; dropped. */
  invalid: number;
}
