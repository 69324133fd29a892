/**
 * The geometry of an area — a geofence, a place, a searched area — (GeoJSON, `[lng, lat]`) and the rules it must keep (docs/events.md,
 * "Geofences"): a circle is a `Point` with `radiusM`, a corridor a `LineString` with `widthM`
 * (the full width), an area a `Polygon` or `MultiPolygon` (holes allowed). `geometryProblem`
 * names the first broken rule, with its path inside the geometry, or answers null.
 */
export type Position = [number, number];

export type PointGeometry = { type: 'Point'; coordinates: Position };
export type PolygonGeometry = { type: 'Polygon'; coordinates: Position[][] };

export type AreaGeometry =
  PointGeometry | { type: 'LineString'; coordinates: Position[] } | PolygonGeometry | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface AreaSize {
  radiusM?: number | null;
  widthM?: number | null;
}

export const GEOMETRY_LIMITS = {
  radiusM: { min: 10, max: 100_000 },
  widthM: { min: 5, max: 5_000 },
  positionsPerRing: 1_000,
  /** Every ring of a geometry together (a multipolygon of many parts). */
  positions: 10_000,
  lineStringPositions: 1_000,
} as const;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function positionProblem(value: unknown, path: string): string | null {
  if (!Array.isArray(value) || value.length !== 2 || !isNumber(value[0]) || !isNumber(value[1]))
    return `${path}: a position is [longitude, latitude], two numbers`;
  if (value[0] < -180 || value[0] > 180) return `${path}: longitude ${value[0]} is outside -180..180`;
  if (value[1] < -90 || value[1] > 90) return `${path}: latitude ${value[1]} is outside -90..90`;
  return null;
}

function listProblem(value: unknown, path: string, what: string): string | null {
  return Array.isArray(value) ? null : `${path}: must be an array of ${what}`;
}

/** A ring: closed, at least 4 positions, at most the limit, not crossing itself. */
function ringProblem(ring: unknown, path: string): string | null {
  const problem = listProblem(ring, path, 'positions');
  if (problem) return problem;
  const positions = ring as unknown[];
  if (positions.length < 4) return `${path}: a ring needs at least 4 positions (the first repeated at the end), got ${positions.length}`;
  if (positions.length > GEOMETRY_LIMITS.positionsPerRing)
    return `${path}: a ring has at most ${GEOMETRY_LIMITS.positionsPerRing} positions, got ${positions.length}`;
  for (let i = 0; i < positions.length; i++) {
    const bad = positionProblem(positions[i], `${path}[${i}]`);
    if (bad) return bad;
  }
  const [first, last] = [positions[0] as Position, positions[positions.length - 1] as Position];
  if (first[0] !== last[0] || first[1] !== last[1]) return `${path}: the ring is not closed (its last position must repeat its first)`;
  const crossing = selfIntersection(positions as Position[]);
  if (crossing) return `${path}: the ring crosses itself (edges ${crossing[0]} and ${crossing[1]})`;
  return null;
}

function polygonProblem(rings: unknown, path: string): string | null {
  const problem = listProblem(rings, path, 'rings');
  if (problem) return problem;
  const list = rings as unknown[];
  if (list.length === 0) return `${path}: a polygon needs an outer ring`;
  for (let i = 0; i < list.length; i++) {
    const bad = ringProblem(list[i], `${path}[${i}]`);
    if (bad) return bad;
  }
  const outer = list[0] as Position[];
  for (let i = 1; i < list.length; i++) {
    const hole = list[i] as Position[];
    if (!hole.every((position) => pointInRing(position, outer))) return `${path}[${i}]: a hole must lie inside the outer ring`;
  }
  return null;
}

const countPositions = (value: unknown): number =>
  Array.isArray(value) ? (typeof value[0] === 'number' ? 1 : value.reduce((sum: number, part) => sum + countPositions(part), 0)) : 0;

/** `size` 'unchecked': the shape alone (a partial update, whose stored radius or width the service adds). */
export function geometryProblem(geometry: unknown, size: AreaSize | 'unchecked' = {}): string | null {
  if (!geometry || typeof geometry !== 'object' || Array.isArray(geometry)) return 'must be a GeoJSON object {type, coordinates}';
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (countPositions(coordinates) > GEOMETRY_LIMITS.positions) return `coordinates: at most ${GEOMETRY_LIMITS.positions} positions in all`;
  const unchecked = size === 'unchecked';
  const { radiusM, widthM } = unchecked ? ({} as AreaSize) : size;
  switch (type) {
    case 'Point': {
      const bad = positionProblem(coordinates, 'coordinates');
      if (bad) return bad;
      if (unchecked) return null;
      if (radiusM === undefined || radiusM === null) return 'a Point geofence is a circle and needs radiusM (10 to 100 000 metres)';
      if (widthM !== undefined && widthM !== null) return 'widthM is only for a LineString (a corridor)';
      return null;
    }
    case 'LineString': {
      const listBad = listProblem(coordinates, 'coordinates', 'positions');
      if (listBad) return listBad;
      const line = coordinates as unknown[];
      if (line.length < 2) return 'coordinates: a LineString needs at least 2 positions';
      if (line.length > GEOMETRY_LIMITS.lineStringPositions) return `coordinates: a LineString has at most ${GEOMETRY_LIMITS.lineStringPositions} positions`;
      for (let i = 0; i < line.length; i++) {
        const bad = positionProblem(line[i], `coordinates[${i}]`);
        if (bad) return bad;
      }
      if (unchecked) return null;
      if (widthM === undefined || widthM === null) return 'a LineString geofence is a corridor and needs widthM (5 to 5 000 metres)';
      if (radiusM !== undefined && radiusM !== null) return 'radiusM is only for a Point (a circle)';
      return null;
    }
    case 'Polygon':
    case 'MultiPolygon': {
      if (!unchecked && radiusM !== undefined && radiusM !== null) return 'radiusM is only for a Point (a circle)';
      if (!unchecked && widthM !== undefined && widthM !== null) return 'widthM is only for a LineString (a corridor)';
      if (type === 'Polygon') return polygonProblem(coordinates, 'coordinates');
      const listBad = listProblem(coordinates, 'coordinates', 'polygons');
      if (listBad) return listBad;
      const polygons = coordinates as unknown[];
      if (polygons.length === 0) return 'coordinates: a MultiPolygon needs at least one polygon';
      for (let i = 0; i < polygons.length; i++) {
        const bad = polygonProblem(polygons[i], `coordinates[${i}]`);
        if (bad) return bad;
      }
      return null;
    }
    default:
      return 'type must be Point (with radiusM), LineString (with widthM), Polygon or MultiPolygon';
  }
}

/** Ray casting on longitude/latitude: fine at a geofence's scale. */
export function pointInRing([x, y]: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const orientation = (a: Position, b: Position, c: Position) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const onSegment = (a: Position, b: Position, c: Position) =>
  Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share a point. */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Two non-adjacent edges of a closed ring that meet (`[i, j]`), or null. Edges sorted by their
 * smallest longitude are compared only while their longitude spans overlap: a 1 000-position
 * ring is checked in milliseconds, not a million comparisons.
 */
function selfIntersection(ring: readonly Position[]): [number, number] | null {
  const edges = ring
    .slice(0, -1)
    .map((start, i) => ({ i, a: start, b: ring[i + 1], minX: Math.min(start[0], ring[i + 1][0]), maxX: Math.max(start[0], ring[i + 1][0]) }));
  const n = edges.length;
  edges.sort((p, q) => p.minX - q.minX);
  for (let s = 0; s < n; s++) {
    const e = edges[s];
    for (let t = s + 1; t < n && edges[t].minX <= e.maxX; t++) {
      const f = edges[t];
      const gap = Math.abs(e.i - f.i);
      if (gap === 1 || gap === n - 1) continue; // neighbours share a vertex
      if (segmentsIntersect(e.a, e.b, f.a, f.b)) return [Math.min(e.i, f.i), Math.max(e.i, f.i)];
    }
  }
  return null;
}
