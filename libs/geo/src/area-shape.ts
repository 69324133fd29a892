import { AreaGeometry, AreaSize, pointInRing, Position } from './area-geometry';

export interface LatLng {
  lat: number;
  lng: number;
}

/** An area (a geofence, a place) ready for fixes: its bounding box (longitude, latitude) and metres to its edge. */
export interface AreaShape {
  bbox: [number, number, number, number];
  /** How far its inside reaches from the edge, metres (a circle's radius, half a corridor, half a polygon's narrower side). */
  depthM: number;
  /** Metres from the boundary: negative inside, positive outside. */
  signedDistanceM(point: LatLng): number;
  /**
   * Where the straight path from `a` to `b` (both outside) passes through the geofence, as
   * fractions of the way (first point inside, last point inside), or null: a vehicle that
   * reported before and after a small geofence still crossed it.
   */
  crossing(a: LatLng, b: LatLng): { enter: number; exit: number } | null;
}

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/**
 * Metres from `point` to the polyline (a single position twice: to that position), on a local
 * plane around the point — exact enough within a few hundred kilometres. Scalar arithmetic with
 * nothing allocated: it runs for every edge of every candidate fence of every fix.
 */
function distanceToLine(point: LatLng, line: readonly Position[]): number {
  const scale = Math.cos((point.lat * Math.PI) / 180) * METRES_PER_DEGREE;
  let px = (line[0][0] - point.lng) * scale;
  let py = (line[0][1] - point.lat) * METRES_PER_DEGREE;
  let best = px * px + py * py;
  for (let i = 1; i < line.length; i++) {
    const qx = (line[i][0] - point.lng) * scale;
    const qy = (line[i][1] - point.lat) * METRES_PER_DEGREE;
    const dx = qx - px;
    const dy = qy - py;
    const length2 = dx * dx + dy * dy;
    // The segment's point nearest the origin (the fix), as a fraction of the way from p to q.
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(px * dx + py * dy) / length2));
    const ex = px + t * dx;
    const ey = py + t * dy;
    best = Math.min(best, ex * ex + ey * ey);
    px = qx;
    py = qy;
  }
  return Math.sqrt(best);
}

function insidePolygon(position: Position, rings: readonly Position[][]): boolean {
  return pointInRing(position, rings[0]) && !rings.slice(1).some((hole) => pointInRing(position, hole));
}

function bboxOf(positions: readonly Position[], marginM = 0): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positions) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  const dLat = marginM / METRES_PER_DEGREE;
  const dLng = marginM / (METRES_PER_DEGREE * Math.max(Math.cos((((minY + maxY) / 2) * Math.PI) / 180), 0.01));
  return [minX - dLng, minY - dLat, maxX + dLng, maxY + dLat];
}

/** Samples the path a→b every `stepM` (at most 400 points) for the first and last point inside. */
function sampledCrossing(shape: Pick<AreaShape, 'signedDistanceM'>, a: LatLng, b: LatLng, stepM: number) {
  const lengthM = Math.hypot((b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180) * METRES_PER_DEGREE, (b.lat - a.lat) * METRES_PER_DEGREE);
  const steps = Math.min(400, Math.max(2, Math.ceil(lengthM / stepM)));
  let enter = -1;
  let exit = -1;
  for (let i = 1; i < steps; i++) {
    const f = i / steps;
    if (shape.signedDistanceM({ lat: a.lat + f * (b.lat - a.lat), lng: a.lng + f * (b.lng - a.lng) }) <= 0) {
      if (enter < 0) enter = f;
      exit = f;
    }
  }
  return enter < 0 ? null : { enter, exit };
}

export function compileShape(geometry: AreaGeometry, size: AreaSize): AreaShape {
  switch (geometry.type) {
    case 'Point': {
      const radius = size.radiusM!;
      const shape = {
        bbox: bboxOf([geometry.coordinates], radius),
        depthM: radius,
        signedDistanceM: (p: LatLng) => distanceToLine(p, [geometry.coordinates, geometry.coordinates]) - radius,
      };
      return { ...shape, crossing: (a, b) => sampledCrossing(shape, a, b, Math.max(radius / 3, 2)) };
    }
    case 'LineString': {
      const half = size.widthM! / 2;
      const shape = { bbox: bboxOf(geometry.coordinates, half), depthM: half, signedDistanceM: (p: LatLng) => distanceToLine(p, geometry.coordinates) - half };
      return { ...shape, crossing: (a, b) => sampledCrossing(shape, a, b, Math.max(half / 2, 2)) };
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      const outer = polygons.flatMap((rings) => rings[0]);
      const bbox = bboxOf(outer);
      const smallestM = Math.min((bbox[2] - bbox[0]) * Math.cos((bbox[1] * Math.PI) / 180), bbox[3] - bbox[1]) * METRES_PER_DEGREE;
      const shape = {
        bbox,
        depthM: smallestM / 2,
        signedDistanceM: (p: LatLng) => {
          let edge = Infinity;
          for (const rings of polygons) for (const ring of rings) edge = Math.min(edge, distanceToLine(p, ring));
          const position: Position = [p.lng, p.lat];
          return polygons.some((rings) => insidePolygon(position, rings)) ? -edge : edge;
        },
      };
      return { ...shape, crossing: (a, b) => sampledCrossing(shape, a, b, Math.max(smallestM / 3, 2)) };
    }
  }
}
