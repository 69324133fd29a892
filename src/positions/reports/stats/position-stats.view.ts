export class PositionFiguresView {
  /** km/h */
  maxSpeed: number;
  /** Mean of every reported speed in the range, stopped points included (km/h, 2 decimals). */
  avgSpeed: number;
  /** Messages with coordinates. */
  totalPositions: number;
  /** Haversine sum over consecutive positions (km, 3 decimals). */
  totalDistanceKm: number;
}

export class AssetPositionStatsView {
  assetId: string;
  assetName: string;
  licensePlate: string;
  /** The flespi device id of the asset's main tracker. */
  vendorId: number;
  stats: PositionFiguresView;
}

export class PositionStatsView {
  assetsPositionsStats: AssetPositionStatsView[];
  /** Over all processed assets: counts and distances summed, avgSpeed weighted by speed count. */
  globalStats: PositionFiguresView;
}
