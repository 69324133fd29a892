import { buildTrip, encodePolyline } from './trip-builder';

describe('trip builder', () => {
  it("encodes Google's documented polyline example", () => {
    expect(encodePolyline([{ lat: 38.5, lng: -120.2 }, { lat: 40.7, lng: -120.95 }, { lat: 43.252, lng: -126.453 }])).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('derives distance, speeds, duration and positions from the points', () => {
    const trip = buildTrip({ id: 7, begin: 100, end: 220, startBatteryLevel: 98 }, [
      { ts: 100, lat: 0, lng: 0, speed: 0, alt: 10, dir: 90, temps: {} },
      { ts: 160, lat: 0, lng: 0.01, speed: 40, alt: null, dir: null, temps: {} },
      { ts: 200, lat: null, lng: null, speed: 50, alt: null, dir: null, temps: {} },
      { ts: 220, lat: 0, lng: 0.02, speed: 30, alt: 12, dir: 90, temps: {} },
    ]);
    expect(trip).toMatchObject({ id: 7, avg_speed: 30, max_speed: 50, begin: 100, end: 220, timestamp: 220, duration: 120, distance: 2.224, start_battery_level: 98, end_battery_level: null, type: 'trip' });
    expect(trip.positions).toEqual([
      { alt: 10, dir: 90, lat: 0, lng: 0, speed: 0, timestamp: 100 },
      { alt: 0, dir: 0, lat: 0, lng: 0.01, speed: 40, timestamp: 160 },
      { alt: 12, dir: 90, lat: 0, lng: 0.02, speed: 30, timestamp: 220 },
    ]);
    expect(trip.route).toBe(encodePolyline(trip.positions));
  });
});
