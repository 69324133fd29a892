import { PositionColumns, PositionColumnsBuilder } from '../telemetry/position-columns';
import { type DeviceHarshFlags, HARSH_KINDS, type TelemetryPoint } from '../telemetry/telemetry-point';
import { summarize } from '../telemetry/telemetry-summary';
import { HOUR_SECONDS, TelemetryHour } from './telemetry-bucket.schema';

/** The stored form of an hour's points (`packed` as written, or as the driver reads it back). */
export interface PackedPoints {
  n: number;
  sensors: string[];
  /** One more column after the sensors: `engine.ignition.status` as 1/0 (NaN: not reported). */
  ignition?: boolean;
  /** Three more columns after those: the device's harsh-driving flags (`HARSH_COLUMNS`); absent when no point has one. */
  harsh?: boolean;
  packed: Uint8Array | { buffer: Uint8Array };
}

export const BASE_COLUMNS = 6; // ts, lat, lng, speed, alt, dir
/** The harsh flag columns (by `HARSH_KINDS`): NaN not flagged, the device's value, or FLAGGED_WITHOUT_VALUE for a plain `true`. */
export const HARSH_COLUMNS = HARSH_KINDS;
const FLAGGED_WITHOUT_VALUE = Infinity;

/** The first harsh flag column of a packed hour. */
export const harshColumnOf = (sensors: number, ignition: boolean | undefined) => BASE_COLUMNS + sensors + (ignition ? 1 : 0);

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

export function packPoints(points: readonly TelemetryPoint[]): { n: number; sensors: string[]; ignition: boolean; harsh?: true; packed: Buffer } {
  const n = points.length;
  const sensors = [...new Set(points.flatMap((p) => Object.keys(p.temps)))];
  const ignition = points.some((p) => p.ignition != null);
  const harsh = points.some((p) => p.harsh !== undefined);
  const ignitionColumn = BASE_COLUMNS + sensors.length;
  const harshColumn = harshColumnOf(sensors.length, ignition);
  const values = new Float64Array(n * (harshColumn + (harsh ? HARSH_COLUMNS.length : 0)));
  const put = (column: number, i: number, value: number | null | undefined) => {
    values[column * n + i] = value ?? NaN;
  };
  points.forEach((p, i) => {
    put(0, i, p.ts);
    put(1, i, p.lat);
    put(2, i, p.lng);
    put(3, i, p.speed);
    put(4, i, p.alt);
    put(5, i, p.dir);
    sensors.forEach((sensor, s) => put(BASE_COLUMNS + s, i, p.temps[sensor]));
    if (ignition) put(ignitionColumn, i, p.ignition == null ? null : Number(p.ignition));
    if (harsh) HARSH_COLUMNS.forEach((kind, k) => put(harshColumn + k, i, p.harsh?.[kind] === null ? FLAGGED_WITHOUT_VALUE : p.harsh?.[kind]));
  });
  return { n, sensors, ignition, ...(harsh ? { harsh } : {}), packed: Buffer.from(values.buffer) };
}

/**
 * The packed values, column after column: a view over the stored bytes when they are aligned for
 * float64 (no copy), a copy when the driver's buffer offset is not a multiple of 8.
 */
export function packedValues(stored: PackedPoints): Float64Array {
  const bytes = stored.packed instanceof Uint8Array ? stored.packed : stored.packed.buffer;
  const aligned = bytes.byteOffset % Float64Array.BYTES_PER_ELEMENT === 0 ? bytes : Uint8Array.from(bytes);
  return new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / Float64Array.BYTES_PER_ELEMENT);
}

export function unpackPoints(stored: PackedPoints): TelemetryPoint[] {
  const values = packedValues(stored);
  const { n, sensors } = stored;
  const at = (column: number, i: number) => {
    const value = values[column * n + i];
    return Number.isNaN(value) ? null : value;
  };
  return Array.from({ length: n }, (_, i) => {
    const temps: Record<string, number> = {};
    sensors.forEach((sensor, s) => {
      const value = at(BASE_COLUMNS + s, i);
      if (value !== null) temps[sensor] = value;
    });
    const point: TelemetryPoint = { ts: values[i], lat: at(1, i), lng: at(2, i), speed: at(3, i), alt: at(4, i), dir: at(5, i), temps };
    if (stored.ignition) {
      const ignition = at(BASE_COLUMNS + sensors.length, i);
      point.ignition = ignition === null ? null : ignition === 1;
    }
    if (stored.harsh) {
      const flags = harshFlagsAt(values, n, harshColumnOf(sensors.length, stored.ignition), i);
      if (flags) point.harsh = flags;
    }
    return point;
  });
}

function harshFlagsAt(values: Float64Array, n: number, firstColumn: number, i: number): DeviceHarshFlags | null {
  let flags: DeviceHarshFlags | null = null;
  HARSH_COLUMNS.forEach((kind, k) => {
    const value = values[(firstColumn + k) * n + i];
    if (!Number.isNaN(value)) (flags ??= {})[kind] = value === FLAGGED_WITHOUT_VALUE ? null : value;
  });
  return flags;
}

/**
 * The positions (points with coordinates) with `from ≤ ts ≤ to` of hours in time order, read
 * straight from their packed columns: no object per point (a 30-day track is 720 hours).
 */
export function hourPositions(hours: readonly PackedPoints[], from: number, to: number): PositionColumns {
  const positions = new PositionColumnsBuilder(hours.reduce((sum, hour) => sum + hour.n, 0));
  for (const hour of hours) {
    const values = packedValues(hour);
    const n = hour.n;
    for (let i = 0; i < n; i++) {
      const ts = values[i];
      const lat = values[n + i];
      const lng = values[2 * n + i];
      if (!(ts >= from && ts <= to) || Number.isNaN(lat) || Number.isNaN(lng)) continue;
      positions.push(ts, lat, lng, values[3 * n + i], values[4 * n + i], values[5 * n + i]);
    }
  }
  return positions.build();
}

/**
 * Stored and arriving points as one time-ordered run with one point per timestamp: a message
 * sent again replaces its earlier copy, so duplicates and late arrivals change nothing else.
 */
export function mergePoints(stored: readonly TelemetryPoint[], arriving: readonly TelemetryPoint[]): TelemetryPoint[] {
  // The common case (a new hour, messages in order): nothing to merge.
  if (stored.length === 0 && arriving.every((p, i) => i === 0 || p.ts > arriving[i - 1].ts)) return [...arriving];
  const byTs = new Map<number, TelemetryPoint>();
  for (const point of stored) byTs.set(point.ts, point);
  for (const point of arriving) byTs.set(point.ts, point);
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}

/**
 * The packed points and summary of an hour once `arriving` is added to what it held, and how
 * many timestamps are new (the others were already stored, or repeated within `arriving`).
 */
export function rebuildHour(
  stored: PackedPoints | null,
  arriving: readonly TelemetryPoint[],
): Pick<TelemetryHour, 'n' | 'sensors' | 'ignition' | 'harsh' | 'packed' | 'summary'> & { added: number } {
  const points = mergePoints(stored ? unpackPoints(stored) : [], arriving);
  return { ...packPoints(points), summary: summarize(points), added: points.length - (stored?.n ?? 0) };
}
