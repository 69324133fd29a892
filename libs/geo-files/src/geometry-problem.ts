import type { Geometry } from './geojson';

/** The geometry types a feature may have. */
export const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'] as const;

type Check = (coordinates: unknown) => string | null;

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

function positionProblem(value: unknown): string | null {
  if (!isArray(value) || value.length < 2 || value.length > 3) return 'a position must be [longitude, latitude] or [longitude, latitude, altitude]';
  if (!value.every((n) => typeof n === 'number' && Number.isFinite(n))) return 'a position must hold finite numbers';
  const [lng, lat] = value as number[];
  if (lng < -180 || lng > 180) return `longitude ${lng} is outside -180..180`;
  if (lat < -90 || lat > 90) return `latitude ${lat} is outside -90..90`;
  return null;
}

/** A list of `min`+ items, each checked by `item`: the first problem, with the item's place. */
function listOf(item: Check, min: number, what: string): Check {
  return (value) => {
    if (!isArray(value)) return `${what} must be an array`;
    if (value.length < min) return `${what} needs at least ${min} item${min === 1 ? '' : 's'}`;
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i]);
      if (problem) return value.length > 1 ? `${what} ${i + 1}: ${problem}` : problem;
    }
    return null;
  };
}

function ringProblem(value: unknown): string | null {
  const problem = listOf(positionProblem, 4, 'position')(value);
  if (problem) return problem.replace('position needs at least 4 items', 'a ring needs at least 4 positions');
  const ring = value as number[][];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? null : 'a ring must be closed (its last position equal to its first)';
}

const polygonProblem = listOf(ringProblem, 1, 'ring');

const COORDINATE_CHECKS: Record<Exclude<Geometry['type'], 'GeometryCollection'>, Check> = {
  Point: positionProblem,
  MultiPoint: listOf(positionProblem, 1, 'position'),
  LineString: listOf(positionProblem, 2, 'position'),
  MultiLineString: listOf(listOf(positionProblem, 2, 'position'), 1, 'line'),
  Polygon: polygonProblem,
  MultiPolygon: listOf(polygonProblem, 1, 'polygon'),
};

/**
 * What is wrong with a GeoJSON geometry, in words a person can act on, or null when it is valid:
 * a known type, finite coordinates in range (longitude -180..180, latitude -90..90), lines of two
 * positions or more, polygon rings closed with four or more. A GeometryCollection holds geometries
 * of the other types (not nested collections).
 */
export function geometryProblem(value: unknown, { nested = false } = {}): string | null {
  if (typeof value !== 'object' || value === null || isArray(value)) return 'the geometry must be a GeoJSON geometry object';
  const geometry = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (geometry.type === 'GeometryCollection' && !nested) {
    return listOf((member) => geometryProblem(member, { nested: true }), 1, 'geometry')(geometry.geometries);
  }
  const check = typeof geometry.type === 'string' ? COORDINATE_CHECKS[geometry.type as keyof typeof COORDINATE_CHECKS] : undefined;
  if (!check || !Object.hasOwn(COORDINATE_CHECKS, geometry.type as string)) {
    return `the geometry type must be one of ${GEOMETRY_TYPES.filter((type) => !nested || type !== 'GeometryCollection').join(', ')}`;
  }
  const problem = check(geometry.coordinates);
  return problem ? `${String(geometry.type)}: ${problem}` : null;
}
