import type { Geometry, Position } from '@app/geo-files';
import type { Bbox } from './bbox';

const inBox = ([x, y]: Position, box: Bbox) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];

/** Orientation of c against the line a→b: >0 left, <0 right, 0 on it. */
const cross = (a: Position, b: Position, c: Position) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

const onSegment = (a: Position, b: Position, c: Position) =>
  Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const [d1, d2, d3, d4] = [cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)];
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(c, d, a)) || (d2 === 0 && onSegment(c, d, b)) || (d3 === 0 && onSegment(a, b, c)) || (d4 === 0 && onSegment(a, b, d));
}

const cornersOf = (box: Bbox): Position[] => [
  [box[0], box[1]],
  [box[2], box[1]],
  [box[2], box[3]],
  [box[0], box[3]],
];

/** Whether the segment a→b touches the box: an end inside, or crossing one of its edges. */
function segmentMeetsBox(a: Position, b: Position, box: Bbox): boolean {
  if (inBox(a, box) || inBox(b, box)) return true;
  const corners = cornersOf(box);
  return corners.some((corner, i) => segmentsCross(a, b, corner, corners[(i + 1) % 4]));
}

const lineMeetsBox = (line: Position[], box: Bbox) => line.some((point, i) => i > 0 && segmentMeetsBox(line[i - 1], point, box));

/** Even-odd ray casting: whether a point is inside a ring. */
function inRing(point: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon meets the box when an edge of it does (this covers a polygon inside the box), or the box lies inside it, off its holes. */
function polygonMeetsBox(rings: Position[][], box: Bbox): boolean {
  if (rings.some((ring) => lineMeetsBox(ring, box))) return true;
  const corner = cornersOf(box)[0];
  return inRing(corner, rings[0]) && !rings.slice(1).some((hole) => inRing(corner, hole));
}

/** Whether a (valid) geometry shares at least one point with the box. */
export function intersectsBox(geometry: Geometry, box: Bbox): boolean {
  switch (geometry.type) {
    case 'Point':
      return inBox(geometry.coordinates, box);
    case 'MultiPoint':
      return geometry.coordinates.some((point) => inBox(point, box));
    case 'LineString':
      return lineMeetsBox(geometry.coordinates, box);
    case 'MultiLineString':
      return geometry.coordinates.some((line) => lineMeetsBox(line, box));
    case 'Polygon':
      return polygonMeetsBox(geometry.coordinates, box);
    case 'MultiPolygon':
      return geometry.coordinates.some((polygon) => polygonMeetsBox(polygon, box));
    case 'GeometryCollection':
      return geometry.geometries.some((member) => intersectsBox(member, box));
  }
}
