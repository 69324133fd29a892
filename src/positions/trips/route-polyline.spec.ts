import { encodePolyline } from '../telemetry/trip-builder';
import { decodePolyline, polylineEnds } from './route-polyline';

describe('route polylines', () => {
  it('decodes what the trip builder encodes', () => {
    const points = [
      { lat: -33.45678, lng: -70.66123 },
      { lat: -33.46, lng: -70.65 },
      { lat: 0, lng: 0 },
      { lat: 12.34567, lng: 179.99999 },
    ];
    expect(decodePolyline(encodePolyline(points))).toEqual(points);
  });

  it('gives the first and last points of decodePolyline, without decoding into points', () => {
    let seed = 29;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let n = 1; n <= 400; n += 7) {
      const points = Array.from({ length: n }, () => ({
        lat: Math.round((random() * 180 - 90) * 1e5) / 1e5,
        lng: Math.round((random() * 360 - 180) * 1e5) / 1e5,
      }));
      const route = encodePolyline(points);
      const decoded = decodePolyline(route);
      expect(polylineEnds(route)).toEqual({ start: decoded[0], end: decoded.at(-1) });
      expect(polylineEnds(route)).toEqual({ start: points[0], end: points.at(-1) });
    }
  });

  it('has no ends for an empty route, and one point for both ends of a route of one', () => {
    expect(polylineEnds('')).toEqual({ start: null, end: null });
    const one = encodePolyline([{ lat: -33.4, lng: -70.6 }]);
    expect(polylineEnds(one)).toEqual({ start: { lat: -33.4, lng: -70.6 }, end: { lat: -33.4, lng: -70.6 } });
  });

  it('reads a truncated route as decodePolyline does', () => {
    const route = encodePolyline([
      { lat: -33.45, lng: -70.66 },
      { lat: -33.5, lng: -70.7 },
      { lat: -33.6, lng: -70.8 },
    ]);
    for (let cut = 1; cut < route.length; cut++) {
      const decoded = decodePolyline(route.slice(0, cut));
      expect(polylineEnds(route.slice(0, cut))).toEqual({ start: decoded[0] ?? null, end: decoded.at(-1) ?? null });
    }
  });
});
