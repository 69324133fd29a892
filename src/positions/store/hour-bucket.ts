import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { summarize } from '../telemetry/telemetry-summary';
import { HOUR_SECONDS, SensorColumn, TelemetryHour } from './telemetry-bucket.schema';

export type HourColumns = Pick<TelemetryHour, 'ts' | 'lat' | 'lng' | 'speed' | 'alt' | 'dir' | 'temps'>;

export const hourStartOf = (ts: number) => Math.floor(ts / HOUR_SECONDS) * HOUR_SECONDS;

export function groupByHour(points: readonly TelemetryPoint[]): Map<number, TelemetryPoint[]> {
  const hours = new Map<number, TelemetryPoint[]>();
  for (const point of points) {
    const start = hourStartOf(point.ts);
    const list = hours.get(start);
    if (list) list.push(point);
    else hours.set(start, [point]);
  }
  return hours;
}

export function columnsToPoints(columns: HourColumns): TelemetryPoint[] {
  return columns.ts.map((ts, i) => {
    const temps: Record<string, number> = {};
    for (const column of columns.temps) {
      const value = column.values[i];
      if (value !== null && value !== undefined) temps[column.sensor] = value;
    }
    return { ts, lat: columns.lat[i], lng: columns.lng[i], speed: columns.speed[i], alt: columns.alt[i], dir: columns.dir[i], temps };
  });
}

export function pointsToColumns(points: readonly TelemetryPoint[]): HourColumns {
  const sensors = new Map<string, SensorColumn>();
  points.forEach((point, i) => {
    for (const [sensor, value] of Object.entries(point.temps)) {
      let column = sensors.get(sensor);
      if (!column) sensors.set(sensor, (column = { sensor, values: new Array<number | null>(points.length).fill(null) }));
      column.values[i] = value;
    }
  });
  return {
    ts: points.map((p) => p.ts),
    lat: points.map((p) => p.lat),
    lng: points.map((p) => p.lng),
    speed: points.map((p) => p.speed),
    alt: points.map((p) => p.alt),
    dir: points.map((p) => p.dir),
    temps: [...sensors.values()],
  };
}

/**
 * Stored and arriving points as one time-ordered run with one point per timestamp: a message
 * sent again replaces its earlier copy, so duplicates and late arrivals change nothing else.
 */
export function mergePoints(stored: readonly TelemetryPoint[], arriving: readonly TelemetryPoint[]): TelemetryPoint[] {
  const byTs = new Map<number, TelemetryPoint>();
  for (const point of stored) byTs.set(point.ts, point);
  for (const point of arriving) byTs.set(point.ts, point);
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}

/** The columns and summary of an hour once `arriving` is added to what it held. */
export function rebuildHour(stored: HourColumns | null, arriving: readonly TelemetryPoint[]): Pick<TelemetryHour, 'summary'> & HourColumns {
  const points = mergePoints(stored ? columnsToPoints(stored) : [], arriving);
  return { ...pointsToColumns(points), summary: summarize(points) };
}
