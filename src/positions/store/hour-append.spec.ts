import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { appendToHour } from './hour-append';
import { rebuildHour, unpackPoints } from './hour-bucket';

/** Points of a device at random (seeded): gaps, speeds, sensors that come and go, ignition on some. */
function points(seed: number, count: number, from: number, withIgnition: boolean, sensors: string[], withHarsh = false): TelemetryPoint[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let ts = from;
  return Array.from({ length: count }, () => {
    ts += 1 + Math.floor(random() * 5);
    const temps: Record<string, number> = {};
    for (const sensor of sensors) if (random() < 0.7) temps[sensor] = Math.round(random() * 400) / 10 - 20;
    const point: TelemetryPoint = {
      ts,
      lat: random() < 0.1 ? null : -33 + random(),
      lng: -70 - random(),
      speed: random() < 0.1 ? null : Math.round(random() * 900) / 10,
      alt: 500,
      dir: null,
      temps,
    };
    if (withIgnition) point.ignition = random() < 0.2 ? null : random() < 0.5;
    if (withHarsh && random() < 0.1) point.harsh = random() < 0.5 ? { braking: null } : { cornering: 0.5, acceleration: 2 };
    return point;
  });
}

describe('appendToHour', () => {
  it.each([
    ['same sensors', [], ['temperature.1'], ['temperature.1'], false, false],
    ['a new sensor arrives', [], ['temperature.1'], ['temperature.2', 'temperature.1'], false, false],
    ['ignition starts being reported', [], ['temperature.1'], ['temperature.1'], false, true],
    ['ignition stops being reported', [], [], [], true, false],
    ['no sensors at all', [], [], [], false, false],
    ['harsh flags start being sent', [], ['temperature.1'], ['temperature.1'], true, true, false, true],
    ['harsh flags stop being sent', [], [], ['temperature.1'], false, true, true, false],
    ['harsh flags in both', [], ['temperature.1'], [], true, false, true, true],
  ])(
    'gives what rebuilding the hour gives: %s',
    (_, __, storedSensors, arrivingSensors, storedIgnition, arrivingIgnition, storedHarsh = false, arrivingHarsh = false) => {
      const stored = rebuildHour(null, points(7, 500, 3600, storedIgnition, storedSensors, storedHarsh));
      const arriving = points(11, 300, unpackPoints(stored).at(-1)!.ts + 3, arrivingIgnition, arrivingSensors, arrivingHarsh);
      const appended = appendToHour(stored, arriving)!;
      const rebuilt = rebuildHour(stored, arriving);
      expect(appended).not.toBeNull();
      expect({ n: appended.n, sensors: appended.sensors, ignition: appended.ignition, harsh: appended.harsh, added: appended.added }).toEqual({
        n: rebuilt.n,
        sensors: rebuilt.sensors,
        ignition: rebuilt.ignition,
        harsh: rebuilt.harsh,
        added: rebuilt.added,
      });
      if (storedHarsh || arrivingHarsh) expect(unpackPoints(appended).some((point) => point.harsh)).toBe(true);
      expect(Buffer.compare(appended.packed, rebuilt.packed)).toBe(0);
      expect(unpackPoints(appended)).toEqual(unpackPoints(rebuilt));
      // Sums merged in another order may differ in the last bits of a float, never more.
      const { distanceKm, speedSum, sensors, ...exact } = appended.summary;
      const { distanceKm: wholeKm, speedSum: wholeSpeed, sensors: wholeSensors, ...wholeExact } = rebuilt.summary;
      expect(exact).toEqual(wholeExact);
      expect(distanceKm).toBeCloseTo(wholeKm, 9);
      expect(speedSum).toBeCloseTo(wholeSpeed, 9);
      expect(sensors.map(({ sum, ...rest }) => rest)).toEqual(wholeSensors.map(({ sum, ...rest }) => rest));
      sensors.forEach((sensor, i) => expect(sensor.sum).toBeCloseTo(wholeSensors[i].sum, 9));
    },
  );

  it('judges arriving fixes on from the stored summary: a glitch split anywhere counts as in the whole hour', () => {
    const M = 1 / ((6371.0088 * Math.PI) / 180) / 1000;
    const fix = (s: number, northM: number): TelemetryPoint => ({
      ts: 3600 + s,
      lat: -33.45 + northM * M,
      lng: -70.65,
      speed: 40,
      alt: null,
      dir: null,
      temps: {},
    });
    // Driving north; one fix 8 km on, 45 s later, then back on the road: 1.2 km of road.
    const run = [fix(0, -4000), fix(30, -3700), fix(75, 4000), fix(105, -3400), fix(135, -3100), fix(165, -2800)];
    const whole = rebuildHour(null, run).summary;
    expect(whole.distanceKm).toBeCloseTo(1.2, 6);
    for (let i = 1; i < run.length; i++) {
      const appended = appendToHour(rebuildHour(null, run.slice(0, i)), run.slice(i))!;
      expect([i, appended.summary.distanceKm]).toEqual([i, expect.closeTo(whole.distanceKm, 9)]);
      expect({ ...appended.summary, distanceKm: 0 }).toEqual({ ...whole, distanceKm: 0 });
    }
    // An hour stored before summaries kept a pending doubt (and their first fixes) appends all the same.
    const { doubt, head, ...older } = rebuildHour(null, run.slice(0, 2)).summary;
    const appended = appendToHour({ ...rebuildHour(null, run.slice(0, 2)), summary: older }, run.slice(2))!;
    expect(appended.summary.distanceKm).toBeCloseTo(whole.distanceKm, 9);
    expect(appended.summary).toMatchObject({ positions: 6, first: whole.first, last: whole.last, doubt: null });
  });

  it('leaves to a rebuild what does not simply follow: a late, a repeated or an unordered message, an hour without a summary', () => {
    const stored = rebuildHour(null, points(3, 50, 3600, false, []));
    const last = unpackPoints(stored).at(-1)!.ts;
    const at = (ts: number): TelemetryPoint => ({ ts, lat: 1, lng: 2, speed: 3, alt: null, dir: null, temps: {} });
    expect(appendToHour(stored, [at(last)])).toBeNull();
    expect(appendToHour(stored, [at(last - 10)])).toBeNull();
    expect(appendToHour(stored, [at(last + 2), at(last + 1)])).toBeNull();
    expect(appendToHour(stored, [at(last + 1), at(last + 1)])).toBeNull();
    expect(appendToHour({ ...stored, summary: undefined }, [at(last + 1)])).toBeNull();
    expect(appendToHour(stored, [at(last + 1)])?.n).toBe(51);
  });
});
