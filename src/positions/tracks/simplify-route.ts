/** A point of a route: its position and whatever it carries. */
export interface RoutePoint {
  lat: number;
  lng: number;
}

/** The `maxPoints` points of a route of objects that keep its shape best (`simplifyIndices`). */
export function simplifyRoute<T extends RoutePoint>(points: readonly T[], maxPoints: number): T[] {
  const n = points.length;
  if (n <= maxPoints || n <= 2) return [...points];
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = points[i].lat;
    lng[i] = points[i].lng;
  }
  return Array.from(simplifyIndices(lat, lng, maxPoints), (i) => points[i]);
}

/**
 * The indices, ascending, of the `maxPoints` points of a route (given as coordinate columns)
 * that keep its shape best: Douglas-Peucker by importance. The first and last points are kept
 * exactly; then, repeatedly, the segment whose farthest point lies farthest from its chord is
 * split at that point, until `maxPoints` are kept (or every point lies on its chord).
 * Douglas-Peucker rather than LTTB: a track is a shape on the map, not a series over time; LTTB
 * keeps the largest triangles against time buckets and drops corners of a route driven slowly.
 * Distances in a local equirectangular projection (metres enough for ranking). Routes over
 * 10 000 points start from chunks (below), so the time stays linear. Columns rather than objects:
 * a 30-day track has 259 200 points, and only the kept ones need to become objects.
 */
export function simplifyIndices(lat: ArrayLike<number>, lng: ArrayLike<number>, maxPoints: number): Uint32Array {
  const n = lat.length;
  if (n <= maxPoints || n <= 2) return Uint32Array.from({ length: n }, (_, i) => i);
  const cosLat = Math.cos((lat[0] * Math.PI) / 180);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = lng[i] * cosLat;
    ys[i] = lat[i];
  }
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  let kept = 2;
  const heap = new SegmentHeap();
  const consider = (first: number, last: number) => {
    if (last - first < 2) return;
    const dx = xs[last] - xs[first];
    const dy = ys[last] - ys[first];
    const length = Math.hypot(dx, dy);
    let best = -1;
    let bestDistance = -1;
    for (let i = first + 1; i < last; i++) {
      const distance = length === 0 ? Math.hypot(xs[i] - xs[first], ys[i] - ys[first]) : Math.abs(dy * (xs[i] - xs[first]) - dx * (ys[i] - ys[first])) / length;
      if (distance > bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    if (bestDistance > 0) heap.push({ first, last, split: best, distance: bestDistance });
  };
  // Long routes start from chunks (their boundaries kept, an eighth of the budget): a split
  // then rescans a chunk, not the whole route, which on a zigzag route would be quadratic.
  const chunks = n <= 10_000 ? 1 : Math.max(1, Math.min(Math.floor(maxPoints / 8), Math.floor(n / 500)));
  const size = Math.ceil((n - 1) / chunks);
  for (let first = 0; first < n - 1; first += size) {
    const last = Math.min(first + size, n - 1);
    if (!keep[last]) {
      keep[last] = 1;
      kept++;
    }
    consider(first, last);
  }
  while (kept < maxPoints) {
    const segment = heap.pop();
    if (!segment) break;
    keep[segment.split] = 1;
    kept++;
    consider(segment.first, segment.split);
    consider(segment.split, segment.last);
  }
  const result = new Uint32Array(kept);
  for (let i = 0, k = 0; i < n; i++) if (keep[i]) result[k++] = i;
  return result;
}

interface Segment {
  first: number;
  last: number;
  split: number;
  distance: number;
}

/** A max-heap of segments by the distance of their farthest point. */
class SegmentHeap {
  private readonly items: Segment[] = [];

  push(segment: Segment): void {
    const items = this.items;
    items.push(segment);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent].distance >= items[i].distance) break;
      [items[parent], items[i]] = [items[i], items[parent]];
      i = parent;
    }
  }

  pop(): Segment | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let largest = i;
        if (l < items.length && items[l].distance > items[largest].distance) largest = l;
        if (r < items.length && items[r].distance > items[largest].distance) largest = r;
        if (largest === i) break;
        [items[largest], items[i]] = [items[i], items[largest]];
        i = largest;
      }
    }
    return top;
  }
}
