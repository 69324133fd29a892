import type { TelemetryPoint } from './telemetry-point';
import { continueTrips, detectTrips, TRIP_RULES, TripProgress } from './trip-detector';

/** A day of a vehicle that drives and stops at random (seeded: the same run every time), one message every `step` s. */
function drive(seed: number, count: number, step: number): TelemetryPoint[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const points: TelemetryPoint[] = [];
  let ts = 1_700_000_000;
  let moving = true;
  let lng = -70.6;
  for (let i = 0; i < count; i++) {
    if (random() < 0.01) moving = !moving;
    ts += random() < 0.005 ? TRIP_RULES.stopSeconds * 2 : step; // now and then a silent gap
    if (moving) lng += 0.0005;
    points.push({ ts, lat: -33.4, lng, speed: moving ? 40 : 0, alt: null, dir: null, temps: {} });
  }
  return points;
}

const progressOf = (points: readonly TelemetryPoint[]): TripProgress => {
  const detected = detectTrips(points);
  return { openBegin: detected.openBegin, openLastMoving: detected.openLastMoving, seenTo: points[points.length - 1].ts };
};

describe('continueTrips', () => {
  it.each([1, 2, 3, 4, 5])('leaves detection where detecting everything again would (drive %i, batches of 50)', (seed) => {
    const points = drive(seed, 5000, 10);
    let progress = progressOf(points.slice(0, 50));
    let followed = 0;
    for (let offset = 50; offset < points.length; offset += 50) {
      const next = continueTrips(progress, points.slice(offset, offset + 50));
      // Where it cannot follow on, the recorder detects again from the stored points.
      progress = next ?? progressOf(points.slice(0, offset + 50));
      if (next) followed++;
      expect(progress).toEqual(progressOf(points.slice(0, offset + 50)));
    }
    expect(followed).toBeGreaterThan(10); // the fast path was taken, not only the fallback
  });

  it('cannot follow on from a message that closes the open trip, nor from a late or repeated one', () => {
    const moving = (ts: number): TelemetryPoint => ({ ts, lat: 0, lng: ts / 1000, speed: 50, alt: null, dir: null, temps: {} });
    const open: TripProgress = { openBegin: 100, openLastMoving: 200, seenTo: 200 };
    expect(continueTrips(open, [moving(200 + TRIP_RULES.stopSeconds)])).toBeNull();
    expect(continueTrips(open, [moving(150)])).toBeNull();
    expect(continueTrips(open, [moving(200)])).toBeNull();
    expect(continueTrips(open, [moving(210), moving(210)])).toBeNull();
    expect(continueTrips(open, [moving(210), moving(220)])).toEqual({ openBegin: 100, openLastMoving: 220, seenTo: 220 });
    // Stopped: a long silence closes nothing, and the next movement opens a trip.
    const stopped: TripProgress = { openBegin: null, openLastMoving: null, seenTo: 200 };
    expect(continueTrips(stopped, [moving(5000)])).toEqual({ openBegin: 5000, openLastMoving: 5000, seenTo: 5000 });
  });
});
