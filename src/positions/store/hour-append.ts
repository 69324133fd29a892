import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { summarizeAfter, TelemetrySummary } from '../telemetry/telemetry-summary';
import { BASE_COLUMNS, HARSH_COLUMNS, harshColumnOf, PackedPoints, packedValues, packPoints, rebuildHour } from './hour-bucket';

type RebuiltHour = ReturnType<typeof rebuildHour>;

/**
 * `rebuildHour` for a live device's usual batch: every arriving message is newer than the hour's
 * last point, in order. The stored columns are copied as they are, the new points packed after
 * them, and the summary is the stored one carried on over the new points (their fixes judged
 * from its last accepted fix and pending doubt). No object per stored point: at one message a
 * second, rebuilding the whole hour's 3 600 points as objects on every batch would be the largest
 * share of the app's time in HTTP ingestion (docs/performance.md, "Live positions and tracks"). Null when the messages do not
 * simply follow: the caller rebuilds.
 */
export function appendToHour(stored: PackedPoints & { summary?: TelemetrySummary }, arriving: readonly TelemetryPoint[]): RebuiltHour | null {
  if (!stored.summary || arriving.length === 0) return null;
  const n = stored.n;
  const before = packedValues(stored);
  let last = n > 0 ? before[n - 1] : -Infinity;
  for (const point of arriving) {
    if (!(point.ts > last)) return null;
    last = point.ts;
  }
  const fresh = packPoints(arriving);
  const added = new Float64Array(fresh.packed.buffer, fresh.packed.byteOffset, fresh.packed.length / Float64Array.BYTES_PER_ELEMENT);
  // Columns in the order a rebuild gives: the stored sensors, then the new ones as they appear.
  const sensors = [...stored.sensors, ...fresh.sensors.filter((sensor) => !stored.sensors.includes(sensor))];
  const ignition = Boolean(stored.ignition) || fresh.ignition;
  const harsh = Boolean(stored.harsh) || Boolean(fresh.harsh);
  const m = arriving.length;
  const total = n + m;
  const harshColumn = harshColumnOf(sensors.length, ignition);
  const values = new Float64Array(total * (harshColumn + (harsh ? HARSH_COLUMNS.length : 0))).fill(NaN);
  const copy = (from: Float64Array, rows: number, fromColumn: number, toColumn: number, offset: number) =>
    values.set(from.subarray(fromColumn * rows, (fromColumn + 1) * rows), toColumn * total + offset);
  for (let column = 0; column < BASE_COLUMNS; column++) {
    copy(before, n, column, column, 0);
    copy(added, m, column, column, n);
  }
  stored.sensors.forEach((_, s) => copy(before, n, BASE_COLUMNS + s, BASE_COLUMNS + s, 0));
  fresh.sensors.forEach((sensor, s) => copy(added, m, BASE_COLUMNS + s, BASE_COLUMNS + sensors.indexOf(sensor), n));
  const ignitionColumn = BASE_COLUMNS + sensors.length;
  if (stored.ignition) copy(before, n, BASE_COLUMNS + stored.sensors.length, ignitionColumn, 0);
  if (fresh.ignition) copy(added, m, BASE_COLUMNS + fresh.sensors.length, ignitionColumn, n);
  for (let k = 0; k < HARSH_COLUMNS.length; k++) {
    if (stored.harsh) copy(before, n, harshColumnOf(stored.sensors.length, stored.ignition) + k, harshColumn + k, 0);
    if (fresh.harsh) copy(added, m, harshColumnOf(fresh.sensors.length, fresh.ignition) + k, harshColumn + k, n);
  }
  const packed = Buffer.from(values.buffer);
  return { n: total, sensors, ignition, ...(harsh ? { harsh } : {}), packed, summary: summarizeAfter(stored.summary, arriving), added: m };
}
