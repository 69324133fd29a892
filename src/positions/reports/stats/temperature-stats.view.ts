export class SensorTemperatureView {
  /** The message key of the sensor, e.g. `temperature.1`. */
  sensor: string;
  /** °C */
  min: number;
  max: number;
  /** 2 decimals */
  avg: number;
  count: number;
}

export class TemperatureFiguresView {
  /** Over all the asset's sensors; null (count 0) without any reading. */
  min: number | null;
  max: number | null;
  avg: number | null;
  count: number;
}

export class AssetTemperatureStatsView {
  assetId: string;
  assetName: string;
  licensePlate: string;
  vendorId: number;
  /** Sensors with readings in the range, by name; sensors without readings are left out. */
  sensors: SensorTemperatureView[];
  stats: TemperatureFiguresView;
}

export class TemperatureStatsView {
  assetsTemperatureStats: AssetTemperatureStatsView[];
}
