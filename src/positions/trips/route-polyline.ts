/** A point of a trip's `route` (Google's encoded polyline, precision 5: `encodePolyline`). */
export interface RoutePoint {
  lat: number;
  lng: number;
}

/** Reads the route's numbers one at a time: its zig-zag varints of 5-bit groups. */
class PolylineReader {
  private index = 0;

  constructor(private readonly encoded: string) {}

  get done(): boolean {
    return this.index >= this.encoded.length;
  }

  next(): number {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.encoded.charCodeAt(this.index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && this.index < this.encoded.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  }
}

/** Decodes a route into its points. */
export function decodePolyline(encoded: string): RoutePoint[] {
  const points: RoutePoint[] = [];
  const reader = new PolylineReader(encoded);
  let lat = 0;
  let lng = 0;
  while (!reader.done) {
    lat += reader.next();
    lng += reader.next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}

/**
 * A route's first and last points (null for an empty route), as `decodePolyline` would give them,
 * without a point object per position: a report reads only the ends of each trip's route, and
 * the points are deltas, so the last one is still the sum of all of them.
 */
export function polylineEnds(encoded: string): { start: RoutePoint | null; end: RoutePoint | null } {
  const reader = new PolylineReader(encoded);
  if (reader.done) return { start: null, end: null };
  let lat = reader.next();
  let lng = reader.next();
  const start = { lat: lat / 1e5, lng: lng / 1e5 };
  while (!reader.done) {
    lat += reader.next();
    lng += reader.next();
  }
  return { start, end: { lat: lat / 1e5, lng: lng / 1e5 } };
}
