import { emptySummary, TelemetrySummary } from '../../telemetry/telemetry-summary';
import { combineTrackers, positionFigures, temperatureFigures } from './stats-figures';

const summary = (parts: Partial<TelemetrySummary>): TelemetrySummary => ({ ...emptySummary(), ...parts });

describe('stats figures', () => {
  it('rounds avgSpeed to 2 decimals and the distance to 3, and gives zeros without data', () => {
    expect(positionFigures(summary({ positions: 3, speedCount: 3, speedSum: 100, maxSpeed: 50, distanceKm: 1.23456 }))).toEqual({
      maxSpeed: 50,
      avgSpeed: 33.33,
      totalPositions: 3,
      totalDistanceKm: 1.235,
    });
    expect(positionFigures(emptySummary())).toEqual({ maxSpeed: 0, avgSpeed: 0, totalPositions: 0, totalDistanceKm: 0 });
  });

  it('weights avgSpeed by count across trackers, never the mean of means, and adds no step between trackers', () => {
    const a = summary({ positions: 1, speedCount: 1, speedSum: 100, maxSpeed: 100, distanceKm: 1, first: [0, 0, 0], last: [0, 0, 0] });
    const b = summary({ positions: 9, speedCount: 9, speedSum: 90, maxSpeed: 20, distanceKm: 2, first: [0, 50, 50], last: [0, 50, 50] });
    expect(positionFigures(combineTrackers([a, b]))).toEqual({ maxSpeed: 100, avgSpeed: 19, totalPositions: 10, totalDistanceKm: 3 });
    expect(positionFigures(combineTrackers([]))).toEqual({ maxSpeed: 0, avgSpeed: 0, totalPositions: 0, totalDistanceKm: 0 });
  });

  it('lists sensors with readings by name and weights the asset figures by count', () => {
    const figures = temperatureFigures({
      sensors: [
        { sensor: 'temperature.2', min: -20, max: -18, sum: -38, count: 2 },
        { sensor: 'temperature.1', min: 4, max: 6, sum: 15, count: 3 },
        { sensor: 'temperature.3', min: 0, max: 0, sum: 0, count: 0 },
      ],
    });
    expect(figures.sensors.map((s) => s.sensor)).toEqual(['temperature.1', 'temperature.2']);
    expect(figures.stats).toEqual({ min: -20, max: 6, avg: -4.6, count: 5 });
    expect(temperatureFigures({ sensors: [] })).toEqual({ sensors: [], stats: { min: null, max: null, avg: null, count: 0 } });
  });
});
