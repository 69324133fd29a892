import type { TelemetrySummary } from '../../telemetry/telemetry-summary';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface PositionFigures {
  maxSpeed: number;
  avgSpeed: number;
  totalPositions: number;
  totalDistanceKm: number;
}

/** The totals over several trackers: distances add up (no step between two trackers), speeds are weighted by count. */
export function combineTrackers(
  summaries: readonly TelemetrySummary[],
): Pick<TelemetrySummary, 'positions' | 'speedCount' | 'speedSum' | 'maxSpeed' | 'distanceKm'> {
  return summaries.reduce(
    (total, s) => ({
      positions: total.positions + s.positions,
      speedCount: total.speedCount + s.speedCount,
      speedSum: total.speedSum + s.speedSum,
      maxSpeed: s.maxSpeed === null ? total.maxSpeed : Math.max(total.maxSpeed ?? s.maxSpeed, s.maxSpeed),
      distanceKm: total.distanceKm + s.distanceKm,
    }),
    { positions: 0, speedCount: 0, speedSum: 0, maxSpeed: null as number | null, distanceKm: 0 },
  );
}

/**
 * The spec's four figures. avgSpeed is the mean of every reported speed in km/h, stopped points
 * included (2 decimals); maxSpeed km/h; distance km (3 decimals); 0 where nothing was reported.
 */
export function positionFigures(s: Pick<TelemetrySummary, 'positions' | 'speedCount' | 'speedSum' | 'maxSpeed' | 'distanceKm'>): PositionFigures {
  return {
    maxSpeed: s.maxSpeed ?? 0,
    avgSpeed: s.speedCount > 0 ? round(s.speedSum / s.speedCount, 2) : 0,
    totalPositions: s.positions,
    totalDistanceKm: round(s.distanceKm, 3),
  };
}

export interface SensorFigures {
  sensor: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface TemperatureFigures {
  sensors: SensorFigures[];
  stats: { min: number | null; max: number | null; avg: number | null; count: number };
}

/** Per sensor (by name) and over all of the asset's sensors; a sensor without readings is absent. */
export function temperatureFigures(s: Pick<TelemetrySummary, 'sensors'>): TemperatureFigures {
  const present = s.sensors.filter((sensor) => sensor.count > 0).sort((a, b) => a.sensor.localeCompare(b.sensor));
  const count = present.reduce((n, sensor) => n + sensor.count, 0);
  const sum = present.reduce((n, sensor) => n + sensor.sum, 0);
  return {
    sensors: present.map(({ sensor, min, max, sum: total, count: n }) => ({ sensor, min, max, avg: round(total / n, 2), count: n })),
    stats:
      count === 0
        ? { min: null, max: null, avg: null, count: 0 }
        : { min: Math.min(...present.map((x) => x.min)), max: Math.max(...present.map((x) => x.max)), avg: round(sum / count, 2), count },
  };
}
