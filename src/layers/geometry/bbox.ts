import type { Geometry, Position } from '@app/geo-files';

/** `[minLng, minLat, maxLng, maxLat]`, as GeoJSON's `bbox` member. */
export type Bbox = [number, number, number, number];

/** Every position of a geometry, its collection's members included. */
export function* positionsOf(geometry: Geometry): Generator<Position> {
  if (geometry.type === 'GeometryCollection') {
    for (const member of geometry.geometries) yield* positionsOf(member);
  } else if (geometry.type === 'Point') {
    yield geometry.coordinates;
  } else if (geometry.type === 'MultiPoint' || geometry.type === 'LineString') {
    yield* geometry.coordinates;
  } else if (geometry.type === 'MultiPolygon') {
    for (const polygon of geometry.coordinates) for (const ring of polygon) yield* ring;
  } else {
    for (const line of geometry.coordinates) yield* line;
  }
}

/** The box around a geometry, or null for a geometry without positions (an empty collection never reaches here: validated). */
export function bboxOf(geometry: Geometry | null): Bbox | null {
  if (!geometry) return null;
  let box: Bbox | null = null;
  for (const [lng, lat] of positionsOf(geometry)) {
    box = box ? [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)] : [lng, lat, lng, lat];
  }
  return box;
}

/** The box around boxes (nulls skipped), or null when none. */
export function unionOf(boxes: readonly (Bbox | null)[]): Bbox | null {
  let union: Bbox | null = null;
  for (const box of boxes) {
    if (!box) continue;
    union = union ? [Math.min(union[0], box[0]), Math.min(union[1], box[1]), Math.max(union[2], box[2]), Math.max(union[3], box[3])] : [...box];
  }
  return union;
}

/** Whether two boxes share a point (edges included). */
export const boxesOverlap = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
