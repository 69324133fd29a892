import type { TelemetryPoint } from './telemetry-point';

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

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
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
  for (const point of points) {
    if (point.speed !== null) {
      summary.speedCount++;
      summary.speedSum += point.speed;
      summary.maxSpeed = summary.maxSpeed === null ? point.speed : Math.max(summary.maxSpeed, point.speed);
    }
    if (point.lat !== null && point.lng !== null) {
      const mark: PositionMark = [point.ts, point.lat, point.lng];
      if (summary.last) summary.distanceKm += haversineKm(summary.last[1], summary.last[2], mark[1], mark[2]);
      summary.first ??= mark;
      summary.last = mark;
      summary.positions++;
    }
    for (const [sensor, value] of Object.entries(point.temps)) addReading(sensors, { sensor, min: value, max: value, sum: value, count: 1 });
  }
  summary.sensors = [...sensors.values()];
  return summary;
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
