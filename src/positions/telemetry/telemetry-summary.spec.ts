import { haversineKm, mergeSummaries, summarize, summarizeAfter } from './telemetry-summary';
import { TelemetryPoint, toTelemetryPoint } from './telemetry-point';

const point = (ts: number, lat: number | null, lng: number | null, speed: number | null, temps: Record<string, number> = {}): TelemetryPoint => ({
  ts,
  lat,
  lng,
  speed,
  alt: null,
  dir: null,
  temps,
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
    const points = Array.from({ length: 50 }, (_, i) =>
      point(i * 60, -33 + i * 0.001, -70.6 - (i % 7) * 0.002, (i * 13) % 90, { 'temperature.1': (i % 5) - 2 }),
    );
    const whole = summarize(points);
    const merged = mergeSummaries([summarize(points.slice(0, 7)), summarize([]), summarize(points.slice(7, 31)), summarize(points.slice(31))]);
    expect(merged.distanceKm).toBeCloseTo(whole.distanceKm, 9);
    expect({ ...merged, distanceKm: 0 }).toEqual({ ...whole, distanceKm: 0 });
  });

  it('keeps the box of every located fix, merged as one summary of all points gives it; unknown once a part stored without one joins', () => {
    const points = [point(0, -33.5, -70.7, 10), point(10, null, null, 5), point(20, -33.4, -70.6, 10), point(30, -33.45, -70.8, 10)];
    expect(summarize(points).box).toEqual([-33.5, -33.4, -70.8, -70.6]);
    expect(summarize([point(0, null, null, 5)]).box).toBeUndefined();
    const merged = mergeSummaries([summarize([]), summarize(points.slice(0, 2)), summarize(points.slice(2))]);
    expect(merged.box).toEqual([-33.5, -33.4, -70.8, -70.6]);
    expect(summarizeAfter(summarize(points.slice(0, 1)), points.slice(1)).box).toEqual([-33.5, -33.4, -70.8, -70.6]);
    const { box: _, ...storedBefore } = summarize(points.slice(0, 2));
    expect(mergeSummaries([storedBefore, summarize(points.slice(2))]).box).toBeUndefined();
    expect(summarizeAfter(storedBefore, points.slice(2)).box).toBeUndefined();
    // A part without located fixes says nothing about where fixes are.
    expect(mergeSummaries([summarize(points.slice(2)), summarize([point(40, null, null, 1)])]).box).toEqual([-33.45, -33.4, -70.8, -70.6]);
  });

  describe('fixes no vehicle could have reached (judgeFix)', () => {
    // Along a meridian: `northM` metres north of -33.45 at `ts`.
    const M = 1 / ((6371.0088 * Math.PI) / 180) / 1000;
    const fix = (ts: number, northM: number) => point(ts, -33.45 + northM * M, -70.65, 40);
    const road = (from: number, to: number) => (to - from) / 1000;
    // Driving north; one fix 8 km on, 45 s later, then back on the road.
    const glitch = [fix(0, -4000), fix(30, -3700), fix(75, 4000), fix(105, -3400), fix(135, -3100), fix(165, -2800)];
    // Carried 8 km while off: two fixes there agree with each other.
    const relocation = [fix(0, -4000), fix(30, -3700), fix(75, 4000), fix(105, 4300), fix(135, 4600)];
    // Two glitches that do not agree, then the road again.
    const twoGlitches = [fix(0, -4000), fix(30, -3700), fix(75, 4000), fix(90, 20000), fix(105, -3400), fix(135, -3100), fix(165, -2800), fix(195, -2500)];

    it('counts only the road around a glitch: neither the step to it nor back', () => {
      const summary = summarize(glitch);
      expect(summary.distanceKm).toBeCloseTo(road(-4000, -2800), 6);
      expect(summary.positions).toBe(6);
      expect(summary.first).toEqual([0, glitch[0].lat, glitch[0].lng]);
      expect(summary.last).toEqual([165, glitch[5].lat, glitch[5].lng]);
      // Ending on the glitch: it is the pending doubt, not the last position.
      const ending = summarize(glitch.slice(0, 3));
      expect(ending.distanceKm).toBeCloseTo(road(-4000, -3700), 6);
      expect(ending.last).toEqual([30, glitch[1].lat, glitch[1].lng]);
      expect(ending.doubt).toEqual([75, glitch[2].lat, glitch[2].lng]);
      expect(summarize(twoGlitches).distanceKm).toBeCloseTo(road(-4000, -2500), 6);
    });

    it('counts a relocation from the new place, without the jump', () => {
      const summary = summarize(relocation);
      expect(summary.distanceKm).toBeCloseTo(road(-4000, -3700) + road(4300, 4600), 6);
      expect(summary.last).toEqual([135, relocation[4].lat, relocation[4].lng]);
      expect(summary.doubt).toBeNull();
    });

    it.each([
      ['a glitch', glitch],
      ['a relocation', relocation],
      ['two glitches', twoGlitches],
    ])('merges %s split anywhere, into two or three spans, as the whole run summarized at once', (_, points) => {
      const whole = summarize(points);
      for (let i = 1; i < points.length; i++) {
        for (let j = i; j < points.length; j++) {
          const merged = mergeSummaries([summarize(points.slice(0, i)), summarize(points.slice(i, j)), summarize(points.slice(j))]);
          expect([i, j, merged.distanceKm]).toEqual([i, j, expect.closeTo(whole.distanceKm, 9)]);
          expect({ ...merged, distanceKm: 0 }).toEqual({ ...whole, distanceKm: 0 });
        }
      }
    });

    it('carries a summary on over later points as summarizing them all does, whatever the split', () => {
      for (const points of [glitch, relocation, twoGlitches]) {
        const whole = summarize(points);
        for (let i = 0; i <= points.length; i++) {
          const carried = summarizeAfter(summarize(points.slice(0, i)), points.slice(i));
          expect([i, carried.distanceKm]).toEqual([i, expect.closeTo(whole.distanceKm, 9)]);
          expect({ ...carried, distanceKm: 0 }).toEqual({ ...whole, distanceKm: 0 });
        }
      }
    });

    it('joins summaries stored before they kept a doubt and a head', () => {
      const stored = (points: TelemetryPoint[]) => {
        const { doubt, head, ...summary } = summarize(points);
        return summary;
      };
      const straight = [fix(0, -4000), fix(30, -3700), fix(60, -3400), fix(90, -3100)];
      expect(summarizeAfter(stored(straight.slice(0, 2)), straight.slice(2)).distanceKm).toBeCloseTo(road(-4000, -3100), 9);
      expect(mergeSummaries([stored(straight.slice(0, 2)), stored(straight.slice(2))]).distanceKm).toBeCloseTo(road(-4000, -3100), 9);
      // Without its head, a span starting on a glitch keeps its own judging; the glitch adds no step to it.
      expect(mergeSummaries([stored(glitch.slice(0, 2)), stored(glitch.slice(2))]).distanceKm).toBeCloseTo(
        summarize(glitch.slice(0, 2)).distanceKm + summarize(glitch.slice(2)).distanceKm,
        9,
      );
    });
  });

  it('reads flespi messages, flat or nested, and ignores bad values', () => {
    expect(
      toTelemetryPoint({
        timestamp: 1700000000,
        'position.latitude': -33.4,
        'position.longitude': -70.6,
        'position.speed': 50,
        'temperature.1': 4.5,
        'ble.sensor.temperature.2': -18,
        'can.engine.temperature': 90,
      }),
    ).toEqual({
      ts: 1700000000,
      lat: -33.4,
      lng: -70.6,
      speed: 50,
      alt: null,
      dir: null,
      temps: { 'temperature.1': 4.5, 'ble.sensor.temperature.2': -18 },
    });
    expect(toTelemetryPoint({ timestamp: 5, position: { latitude: 1, longitude: 2, speed: 3, altitude: 4, direction: 5 }, temperature: { '1': 7 } })).toEqual({
      ts: 5,
      lat: 1,
      lng: 2,
      speed: 3,
      alt: 4,
      dir: 5,
      temps: { 'temperature.1': 7 },
    });
    expect(toTelemetryPoint({ timestamp: 5, 'position.latitude': 91, 'position.longitude': 2, 'position.speed': -1 })).toMatchObject({
      lat: null,
      lng: null,
      speed: null,
    });
    expect(toTelemetryPoint({ 'position.latitude': 1 })).toBeNull();
    expect(toTelemetryPoint('text')).toBeNull();
    expect(toTelemetryPoint([1])).toBeNull();
  });

  it('keeps the device’s harsh-driving flags that are raised (true, or a non-zero number as the value)', () => {
    const flags = (message: object) => toTelemetryPoint({ timestamp: 5, ...message })?.harsh;
    expect(flags({ 'harsh.braking': true, 'harsh.acceleration': false, 'harsh.cornering': 0.42 })).toEqual({ braking: null, cornering: 0.42 });
    expect(flags({ harsh: { acceleration: 1, braking: 0 } })).toEqual({ acceleration: 1 });
    expect(flags({ 'harsh.braking': 'yes', 'harsh.cornering': 0 })).toBeUndefined();
    expect(flags({})).toBeUndefined();
  });
});
