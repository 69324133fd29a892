import type { TelemetryPoint } from './telemetry-point';

/**
 * A track's positions (messages with coordinates), in time order, as one Float64Array per field
 * (NaN: not reported) instead of one object per message: a 30-day track at 10 s is 259 200
 * messages, of which only the kept ones of the simplified track become objects.
 */
export interface PositionColumns {
  length: number;
  /** unix seconds */
  ts: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** km/h */
  speed: Float64Array;
  /** metres */
  alt: Float64Array;
  /** degrees */
  dir: Float64Array;
}

/** Fills columns of at most `capacity` positions; `build` answers the filled part (views, no copy). */
export class PositionColumnsBuilder {
  private readonly columns: PositionColumns;

  constructor(capacity: number) {
    const column = () => new Float64Array(capacity);
    this.columns = { length: 0, ts: column(), lat: column(), lng: column(), speed: column(), alt: column(), dir: column() };
  }

  push(ts: number, lat: number, lng: number, speed: number, alt: number, dir: number): void {
    const c = this.columns;
    const i = c.length++;
    c.ts[i] = ts;
    c.lat[i] = lat;
    c.lng[i] = lng;
    c.speed[i] = speed;
    c.alt[i] = alt;
    c.dir[i] = dir;
  }

  build(): PositionColumns {
    const { length, ts, lat, lng, speed, alt, dir } = this.columns;
    const cut = (column: Float64Array) => column.subarray(0, length);
    return { length, ts: cut(ts), lat: cut(lat), lng: cut(lng), speed: cut(speed), alt: cut(alt), dir: cut(dir) };
  }
}

/** The positions among points (those with coordinates), as columns. */
export function positionColumnsOf(points: readonly TelemetryPoint[]): PositionColumns {
  const builder = new PositionColumnsBuilder(points.length);
  for (const p of points) if (p.lat !== null && p.lng !== null) builder.push(p.ts, p.lat, p.lng, p.speed ?? NaN, p.alt ?? NaN, p.dir ?? NaN);
  return builder.build();
}

/** Two runs of positions in time order as one (a timestamp in both is kept once, from `a`). */
export function mergeColumns(a: PositionColumns, b: PositionColumns): PositionColumns {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const merged = new PositionColumnsBuilder(a.length + b.length);
  const take = (c: PositionColumns, i: number) => merged.push(c.ts[i], c.lat[i], c.lng[i], c.speed[i], c.alt[i], c.dir[i]);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a.ts[i] <= b.ts[j])) {
      if (j < b.length && a.ts[i] === b.ts[j]) j++;
      take(a, i++);
    } else take(b, j++);
  }
  return merged.build();
}
