import { haversineKm } from './great-circle';
import type { TelemetryPoint } from './telemetry-point';

// Kept apart so that the plausibility rule, which the summaries use, measures with it too.
export { haversineKm };

/** `[unix seconds, latitude, longitude]` */
export type PositionMark = [number, number, number];

export interface SensorSummary {
  sensor: string;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * What the statistics need of a run of points, mergeable in time order: bucket summaries in the
 * store, the points of a flespi answer. `positions` counts points with coordinates.
 * avgSpeed is defined once, here: the mean of every reported speed (stopped points included).
 */
export interface TelemetrySummary {
  positions: number;
  speedCount: number;
  speedSum: number;
  maxSpeed: number | null;
  distanceKm: number;
  first: PositionMark | null;
  last: PositionMark | null;
  sensors: SensorSummary[];
}

export const emptySummary = (): TelemetrySummary => ({
  positions: 0,
  speedCount: 0,
  speedSum: 0,
  maxSpeed: null,
  distanceKm: 0,
  first: null,
  last: null,
  sensors: [],
});

/** The summary of points already sorted by time (one point per timestamp). */
export function summarize(points: readonly TelemetryPoint[]): TelemetrySummary {
  const summary = emptySummary();
  const sensors = new Map<string, SensorSummary>();
  let first = -1;
  let last = -1;
  // No allocation per point: this runs over every imported message.
  for (let i = 0; i < points.length; i++) {
    const point = points[i];
    if (point.speed !== null) {
      summary.speedCount++;
      summary.speedSum += point.speed;
      if (summary.maxSpeed === null || point.speed > summary.maxSpeed) summary.maxSpeed = point.speed;
    }
    if (point.lat !== null && point.lng !== null) {
      if (last >= 0) summary.distanceKm += haversineKm(points[last].lat!, points[last].lng!, point.lat, point.lng);
      if (first < 0) first = i;
      last = i;
      summary.positions++;
    }
    for (const sensor in point.temps) addValue(sensors, sensor, point.temps[sensor]);
  }
  if (first >= 0) {
    summary.first = [points[first].ts, points[first].lat!, points[first].lng!];
    summary.last = [points[last].ts, points[last].lat!, points[last].lng!];
  }
  summary.sensors = [...sensors.values()];
  return summary;
}

function addValue(sensors: Map<string, SensorSummary>, sensor: string, value: number): void {
  const known = sensors.get(sensor);
  if (!known) {
    sensors.set(sensor, { sensor, min: value, max: value, sum: value, count: 1 });
    return;
  }
  if (value < known.min) known.min = value;
  if (value > known.max) known.max = value;
  known.sum += value;
  known.count++;
}

function addReading(sensors: Map<string, SensorSummary>, reading: SensorSummary): void {
  const known = sensors.get(reading.sensor);
  if (!known) {
    sensors.set(reading.sensor, { ...reading });
    return;
  }
  known.min = Math.min(known.min, reading.min);
  known.max = Math.max(known.max, reading.max);
  known.sum += reading.sum;
  known.count += reading.count;
}

/**
 * Summaries of consecutive time spans, in time order, as one: the distance also covers the step
 * from each span's last position to the next span's first (bucket boundaries, gaps).
 */
export function mergeSummaries(parts: readonly TelemetrySummary[]): TelemetrySummary {
  const total = emptySummary();
  const sensors = new Map<string, SensorSummary>();
  for (const part of parts) {
    total.speedCount += part.speedCount;
    total.speedSum += part.speedSum;
    if (part.maxSpeed !== null) total.maxSpeed = total.maxSpeed === null ? part.maxSpeed : Math.max(total.maxSpeed, part.maxSpeed);
    if (part.first && part.last) {
      if (total.last) total.distanceKm += haversineKm(total.last[1], total.last[2], part.first[1], part.first[2]);
      total.first ??= part.first;
      total.last = part.last;
    }
    total.distanceKm += part.distanceKm;
    total.positions += part.positions;
    for (const reading of part.sensors) addReading(sensors, reading);
  }
  total.sensors = [...sensors.values()];
  return total;
}
