import { buildTrip, encodePolyline } from './trip-builder';

describe('trip builder', () => {
  it("encodes Google's documented polyline example", () => {
    expect(
      encodePolyline([
        { lat: 38.5, lng: -120.2 },
        { lat: 40.7, lng: -120.95 },
        { lat: 43.252, lng: -126.453 },
      ]),
    ).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('derives distance, speeds, duration and positions from the points', () => {
    const trip = buildTrip({ id: 7, begin: 100, end: 220, startBatteryLevel: 98 }, [
      { ts: 100, lat: 0, lng: 0, speed: 0, alt: 10, dir: 90, temps: {} },
      { ts: 160, lat: 0, lng: 0.01, speed: 40, alt: null, dir: null, temps: {} },
      { ts: 200, lat: null, lng: null, speed: 50, alt: null, dir: null, temps: {} },
      { ts: 220, lat: 0, lng: 0.02, speed: 30, alt: 12, dir: 90, temps: {} },
    ]);
    expect(trip).toMatchObject({
      id: 7,
      avg_speed: 30,
      max_speed: 50,
      begin: 100,
      end: 220,
      timestamp: 220,
      duration: 120,
      distance: 2.224,
      start_battery_level: 98,
      end_battery_level: null,
      type: 'trip',
    });
    expect(trip.positions).toEqual([
      { alt: 10, dir: 90, lat: 0, lng: 0, speed: 0, timestamp: 100 },
      { alt: 0, dir: 0, lat: 0, lng: 0.01, speed: 40, timestamp: 160 },
      { alt: 12, dir: 90, lat: 0, lng: 0.02, speed: 30, timestamp: 220 },
    ]);
    expect(trip.route).toBe(encodePolyline(trip.positions));
  });

  it("leaves a glitch out of the distance and keeps a relocation's jump in it, as trip detection measures a run", () => {
    const M = 1 / ((6371.0088 * Math.PI) / 180) / 1000;
    const fix = (ts: number, northM: number) => ({ ts, lat: -33.45 + northM * M, lng: -70.65, speed: 40, alt: null, dir: null, temps: {} });
    // Road, a glitch 8 km on, road; then two agreeing fixes 8 km on (a relocation) and on from there.
    const points = [fix(0, -4000), fix(30, -3700), fix(75, 4000), fix(105, -3400), fix(135, 4600), fix(165, 4900), fix(195, 5200)];
    const trip = buildTrip({ id: 1, begin: 0, end: 195 }, points);
    expect(trip.positions.map((p) => p.timestamp)).toEqual([0, 30, 105, 165, 195]);
    expect(trip.distance).toBeCloseTo(0.6 + 8.3 + 0.3, 3);
  });
});
