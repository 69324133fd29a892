import { haversineKm, mergeSummaries, summarize } from './telemetry-summary';
import { TelemetryPoint, toTelemetryPoint } from './telemetry-point';

const point = (ts: number, lat: number | null, lng: number | null, speed: number | null, temps: Record<string, number> = {}): TelemetryPoint => ({
  ts, lat, lng, speed, alt: null, dir: null, temps,
});

// 0.01° of longitude on the equator: 6371.0088 km × 0.01 × π / 180.
const STEP_KM = (6371.0088 * 0.01 * Math.PI) / 180;

describe('telemetry summaries', () => {
  it('measures known distances', () => {
    expect(haversineKm(0, 0, 0, 0.01)).toBeCloseTo(STEP_KM, 9);
    // Santiago (Plaza de Armas) to Valparaíso (Plaza Sotomayor): about 100.7 km in a straight line.
    expect(haversineKm(-33.4378, -70.6505, -33.0393, -71.6273)).toBeCloseTo(100.7, 0);
  });

  it('sums consecutive steps, counts positions, speeds and sensor readings', () => {
    const summary = summarize([
      point(0, 0, 0, 0, { 'temperature.1': 4 }),
      point(10, 0, 0.01, 36, { 'temperature.1': 6, 'temperature.2': -18 }),
      point(20, null, null, null, { 'temperature.1': 5 }),
      point(30, 0, 0.02, 72),
    ]);
    expect(summary.positions).toBe(3);
    expect(summary.speedCount).toBe(3);
    expect(summary.speedSum).toBe(108);
    expect(summary.maxSpeed).toBe(72);
    expect(summary.distanceKm).toBeCloseTo(2 * STEP_KM, 9);
    expect(summary.first).toEqual([0, 0, 0]);
    expect(summary.last).toEqual([30, 0, 0.02]);
    expect(summary.sensors).toEqual([
      { sensor: 'temperature.1', min: 4, max: 6, sum: 15, count: 3 },
      { sensor: 'temperature.2', min: -18, max: -18, sum: -18, count: 1 },
    ]);
  });

  it('merges spans into exactly what one summary of all points gives, crossing boundaries and gaps', () => {
    const points = Array.from({ length: 50 }, (_, i) => point(i * 60, -33 + i * 0.001, -70.6 - (i % 7) * 0.002, (i * 13) % 90, { 'temperature.1': (i % 5) - 2 }));
    const whole = summarize(points);
    const merged = mergeSummaries([summarize(points.slice(0, 7)), summarize([]), summarize(points.slice(7, 31)), summarize(points.slice(31))]);
    expect(merged.distanceKm).toBeCloseTo(whole.distanceKm, 9);
    expect({ ...merged, distanceKm: 0 }).toEqual({ ...whole, distanceKm: 0 });
  });

  it('reads flespi messages, flat or nested, and ignores bad values', () => {
    expect(toTelemetryPoint({ timestamp: 1700000000, 'position.latitude': -33.4, 'position.longitude': -70.6, 'position.speed': 50, 'temperature.1': 4.5, 'ble.sensor.temperature.2': -18, 'can.engine.temperature': 90 })).toEqual({
      ts: 1700000000, lat: -33.4, lng: -70.6, speed: 50, alt: null, dir: null, temps: { 'temperature.1': 4.5, 'ble.sensor.temperature.2': -18 },
    });
    expect(toTelemetryPoint({ timestamp: 5, position: { latitude: 1, longitude: 2, speed: 3, altitude: 4, direction: 5 }, temperature: { '1': 7 } })).toEqual({
      ts: 5, lat: 1, lng: 2, speed: 3, alt: 4, dir: 5, temps: { 'temperature.1': 7 },
    });
    expect(toTelemetryPoint({ timestamp: 5, 'position.latitude': 91, 'position.longitude': 2, 'position.speed': -1 })).toMatchObject({ lat: null, lng: null, speed: null });
    expect(toTelemetryPoint({ 'position.latitude': 1 })).toBeNull();
    expect(toTelemetryPoint('text')).toBeNull();
    expect(toTelemetryPoint([1])).toBeNull();
  });
});
