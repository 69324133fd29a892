export class TrackPointView {
  lat: number;
  lng: number;
  /** km/h */
  speed: number | null;
  /** degrees */
  direction: number | null;
  /** metres */
  altitude: number | null;
  /** unix seconds */
  timestamp: number;
}

/** The route of an asset in a period, simplified to at most `maxPoints` points. */
export class TrackView {
  assetId: string;
  vendorId: number;
  /** unix seconds of the period's bounds */
  from: number;
  to: number;
  /** Positions in the period before simplification. */
  totalPoints: number;
  /** Douglas-Peucker: the first and last positions exactly, then the points that keep the shape. */
  simplified: boolean;
  points: TrackPointView[];
}
