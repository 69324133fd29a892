/** A period a vehicle stood still: a stop, or idling (ignition on). */
export class StillPeriodView {
  /** `stop` (standing still ≥ 5 minutes) or `idle` (standing still with the ignition on ≥ 2 minutes). */
  type: 'stop' | 'idle';
  /** Latitude where it began; null when no message of the period had a position. */
  lat: number | null;
  lng: number | null;
  /** unix seconds of the first still message */
  start: number;
  /** unix seconds of the message that ended it (or the last one of the range) */
  end: number;
  /** `end − start`, seconds */
  durationSeconds: number;
  /** Reverse-geocoded address (GEOCODER_URL), null without a geocoder or an answer */
  address: string | null;
}

export class StillTotalsView {
  stops: number;
  /** seconds */
  stopSeconds: number;
  idles: number;
  /** seconds */
  idleSeconds: number;
}

export class AssetStopsView {
  assetId: string;
  assetName: string;
  licensePlate: string;
  /** The flespi device id of the asset's main tracker. */
  vendorId: number;
  /** Stops and idling in time order (a stop before the idling that starts with it). */
  periods: StillPeriodView[];
  totals: StillTotalsView;
}

export class StopsReportView {
  /** The processed assets in the order asked (unknown, foreign, untracked and out-of-scope ones skipped). */
  assets: AssetStopsView[];
  /** Over all processed assets. */
  totals: StillTotalsView;
}
