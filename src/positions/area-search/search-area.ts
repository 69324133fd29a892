import { geometryProblem, pointInRing, type Position } from '@app/geo';
import type { FixBox } from '../telemetry/fix-box';
import { haversineKm } from '@app/geo';

/** The area of a search (GeoJSON, `[lng, lat]`): a polygon (holes allowed), or a circle. */
export type AreaGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'Point'; coordinates: Position };

export const AREA_LIMITS = { radiusM: { min: 10, max: 50_000 } } as const;

/** An area ready for fixes: its box (`[minLat, maxLat, minLng, maxLng]`) and the test of a fix. */
export interface SearchArea {
  box: FixBox;
  contains(lat: number, lng: number): boolean;
}

/**
 * The first broken rule of a search's geometry and radius, or null: a `Polygon` (one outer ring,
 * holes allowed; rings closed, 4 to 1 000 positions, not crossing themselves — the geofences'
 * rules) without `radiusM`, or a `Point` with `radiusM`.
 */
export function areaProblem(geometry: unknown, radiusM: unknown): string | null {
  const type = (geometry as { type?: unknown } | null)?.type;
  if (type !== 'Polygon' && type !== 'Point') return 'type must be Polygon, or Point with radiusM (a circle)';
  const extra = Object.keys(geometry as object).find((key) => key !== 'type' && key !== 'coordinates');
  if (extra !== undefined) return `a geometry has type and coordinates only, not ${JSON.stringify(extra)}`;
  const shape = geometryProblem(geometry, 'unchecked');
  if (shape) return shape;
  if (type === 'Point' && (radiusM === undefined || radiusM === null))
    return `a Point is a circle and needs radiusM (${AREA_LIMITS.radiusM.min} to ${AREA_LIMITS.radiusM.max} metres)`;
  if (type === 'Polygon' && radiusM !== undefined && radiusM !== null) return 'radiusM is only for a Point (a circle)';
  return null;
}

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** A circle's box, a little wider than the circle; the whole width of longitudes near a pole or across ±180°. */
function circleBox(lat: number, lng: number, radiusM: number): FixBox {
  const dLat = (radiusM / METRES_PER_DEGREE) * 1.01;
  const cos = Math.cos((Math.min(90, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = cos < 0.01 ? 360 : dLat / cos;
  const [minLng, maxLng] = lng - dLng < -180 || lng + dLng > 180 ? [-180, 180] : [lng - dLng, lng + dLng];
  return [Math.max(-90, lat - dLat), Math.min(90, lat + dLat), minLng, maxLng];
}

function ringBox(ring: readonly Position[]): FixBox {
  const box: FixBox = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [lng, lat] of ring) {
    box[0] = Math.min(box[0], lat);
    box[1] = Math.max(box[1], lat);
    box[2] = Math.min(box[2], lng);
    box[3] = Math.max(box[3], lng);
  }
  return box;
}

const inBox = (box: FixBox, lat: number, lng: number) => lat >= box[0] && lat <= box[1] && lng >= box[2] && lng <= box[3];

/**
 * The test of a checked geometry (`areaProblem` null): inside a polygon's outer ring and in none
 * of its holes (ray casting on longitude and latitude, as geofences), or within `radiusM` of a
 * circle's centre by great-circle distance. The box is tried first: most fixes are far away.
 */
export function searchArea(geometry: AreaGeometry, radiusM?: number): SearchArea {
  if (geometry.type === 'Point') {
    const [lng, lat] = geometry.coordinates;
    const box = circleBox(lat, lng, radiusM!);
    const km = radiusM! / 1000;
    return { box, contains: (fixLat, fixLng) => inBox(box, fixLat, fixLng) && haversineKm(lat, lng, fixLat, fixLng) <= km };
  }
  const [outer, ...holes] = geometry.coordinates;
  const box = ringBox(outer);
  return {
    box,
    contains: (lat, lng) => {
      if (!inBox(box, lat, lng)) return false;
      const position: Position = [lng, lat];
      return pointInRing(position, outer) && !holes.some((hole) => pointInRing(position, hole));
    },
  };
}
