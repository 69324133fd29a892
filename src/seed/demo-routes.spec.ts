import { demoTelemetry, DEMO_ROUTES } from './demo-routes';

describe('demo routes', () => {
  const to = 1_767_225_600; // 2026-01-01T00:00:00Z
  const from = to - 10 * 86400;
  const demo = demoTelemetry({ routes: DEMO_ROUTES.santiago, from, to, zone: 'America/Santiago', seed: 7, firstTripId: 1001 });

  it('reports every minute over the whole range, in order, with two sensors', () => {
    expect(demo.points).toHaveLength(10 * 1440 + 1);
    expect(demo.points.every((p, i) => i === 0 || p.ts - demo.points[i - 1].ts === 60)).toBe(true);
    expect(demo.points.every((p) => Object.keys(p.temps).length === 2)).toBe(true);
  });

  it('drives realistic trips inside Chile, two a day', () => {
    expect(demo.trips.length).toBeGreaterThanOrEqual(18);
    for (const trip of demo.trips) {
      expect(trip.distance).toBeGreaterThan(60);
      expect(trip.distance).toBeLessThan(160);
      expect(trip.max_speed).toBeLessThanOrEqual(95);
      expect(trip.positions.every((p) => p.lat < -32 && p.lat > -38 && p.lng < -70 && p.lng > -74)).toBe(true);
      expect(trip.duration).toBeGreaterThan(2400);
    }
    expect(demo.trips.map((t) => t.id)).toEqual(demo.trips.map((_, i) => 1001 + i));
  });

  it('is the same on every run', () => {
    const again = demoTelemetry({ routes: DEMO_ROUTES.santiago, from, to, zone: 'America/Santiago', seed: 7, firstTripId: 1001 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(demo));
  });
});
