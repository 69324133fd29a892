import type { TelemetryPoint } from '../telemetry/telemetry-point';

/**
 * A tracker's points of a batch, one per timestamp (the first copy: a repeat inside a batch is a
 * duplicate like a resent message), in time order, split into those newer than everything stored
 * (`fresh`: new without a look) and the others (`older`: new only if the store does not hold them).
 */
export function splitArrivals(
  points: readonly TelemetryPoint[],
  newestTs: number | null,
): { fresh: TelemetryPoint[]; older: TelemetryPoint[]; repeated: number } {
  const sorted = [...points].sort((a, b) => a.ts - b.ts);
  const fresh: TelemetryPoint[] = [];
  const older: TelemetryPoint[] = [];
  let repeated = 0;
  for (let i = 0; i < sorted.length; i++) {
    const point = sorted[i];
    if (i > 0 && point.ts === sorted[i - 1].ts) {
      repeated++;
      continue;
    }
    if (newestTs !== null && point.ts > newestTs) fresh.push(point);
    else older.push(point);
  }
  return { fresh, older, repeated };
}

/** The newest point with coordinates, if any. */
export function newestPositioned(points: readonly TelemetryPoint[]): (TelemetryPoint & { lat: number; lng: number }) | null {
  let newest: (TelemetryPoint & { lat: number; lng: number }) | null = null;
  for (const point of points)
    if (point.lat !== null && point.lng !== null && (newest === null || point.ts > newest.ts)) newest = point as TelemetryPoint & { lat: number; lng: number };
  return newest;
}

/** Two runs in time order as one, one point per timestamp (the first run's copy). */
export function mergeByTs(a: readonly TelemetryPoint[], b: readonly TelemetryPoint[]): TelemetryPoint[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const seen = new Set(a.map((point) => point.ts));
  return [...a, ...b.filter((point) => !seen.has(point.ts))].sort((x, y) => x.ts - y.ts);
}
