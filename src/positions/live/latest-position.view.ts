/** An asset's last known position (null fields: no message with a position yet). */
export class LatestPositionView {
  assetId: string;
  assetName: string;
  licensePlate: string;
  /** The main tracker's flespi device id. */
  vendorId: number;
  lat: number | null;
  lng: number | null;
  /** km/h */
  speed: number | null;
  /** degrees */
  direction: number | null;
  /** metres */
  altitude: number | null;
  /** unix seconds of the message */
  timestamp: number | null;
  /** seconds since the message, at the time of the answer */
  ageSeconds: number | null;
  /** a message within ONLINE_THRESHOLD_SECONDS (default 300) */
  online: boolean;
  /** `engine.ignition.status`; null when the device does not report it */
  ignition: boolean | null;
}
