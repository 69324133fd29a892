import { haversineKm, type LatLng } from '@app/geo';

export type { LatLng };

const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle metres between two points: `near=` reaches 100 km, where a flat plane drifts. */
export function distanceM(a: LatLng, b: LatLng): number {
  return haversineKm(a.lat, a.lng, b.lat, b.lng) * 1000;
}

/** `[minLng, minLat, maxLng, maxLat]` holding every point within `radiusM` (wider near the poles; the whole width past them). */
export function boxAround(point: LatLng, radiusM: number): [number, number, number, number] {
  const dLat = radiusM / METRES_PER_DEGREE;
  const cos = Math.cos(radians(Math.min(89, Math.abs(point.lat) + dLat)));
  const dLng = Math.min(180, radiusM / (METRES_PER_DEGREE * cos));
  return [point.lng - dLng, Math.max(-90, point.lat - dLat), point.lng + dLng, Math.min(90, point.lat + dLat)];
}
