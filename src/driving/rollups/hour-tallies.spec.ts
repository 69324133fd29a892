import type { TelemetryPoint } from '../../positions';
import { addTally, type DrivingTally, emptyTally } from '../driving-tally';
import { FixWalk, freshWalkState } from '../fix-walk';
import { byDay, HOUR_S, walkByHour } from './hour-tallies';

const M = 1 / 111_195; // a metre of latitude, in degrees
const DAY = 1_795_000_000 - (1_795_000_000 % 86_400);
const H10 = DAY + 10 * HOUR_S;

/** Fixes every 10 s north at `speed` km/h from `t0` (the metres the speed covers). */
const drive = (t0: number, speeds: number[]): TelemetryPoint[] => {
  let north = 0;
  return speeds.map((speed, i) => {
    const p: TelemetryPoint = { ts: t0 + i * 10, lat: -33.5 + north * M, lng: -70.7, speed, alt: null, dir: null, temps: {}, ignition: true };
    north += (speed / 3.6) * 10;
    return p;
  });
};
const limit = () => 50;

/** The period's single tally from the scores' walk, for comparison. */
const walked = (fixes: TelemetryPoint[], counts: (ts: number) => boolean = () => true): DrivingTally => {
  const tally = emptyTally();
  new FixWalk(limit, (ts) => (counts(ts) ? tally : null)).feed(fixes);
  return tally;
};
/** Equal tallies, distances summed in another order aside (floating point). */
const expectSame = (actual: DrivingTally, expected: DrivingTally) => {
  expect(actual.distanceKm).toBeCloseTo(expected.distanceKm, 9);
  expect({ ...actual, distanceKm: 0 }).toEqual({ ...expected, distanceKm: 0 });
};
const sum = (hours: Map<number, DrivingTally>) => [...hours.values()].reduce(addTally, emptyTally());

describe('driving rollups by hour', () => {
  // From 10:59:30, 75 km/h (speeding by >10, >20), across 11:00, then standing with the ignition on.
  const fixes = drive(H10 + 3570, [75, 75, 75, 75, 75, 0, 0, 0]);

  it('counts each step for its first fix’s hour, each distance for its fix’s hour', () => {
    const { hours } = walkByHour(freshWalkState(), fixes, limit);
    const [ten, eleven] = [hours.get(H10)!, hours.get(H10 + HOUR_S)!];
    // Steps from 10:59:30, :40, :50 are the 10 o’clock hour’s; the one from 11:00:00 on, the 11’s.
    expect(ten.drivingSeconds).toBe(30);
    expect(ten.speedingSeconds).toEqual([30, 30, 0]);
    expect(eleven.drivingSeconds).toBe(20);
    expect(eleven.idlingSeconds).toBe(20);
    expect(ten.distanceKm).toBeCloseTo((2 * 75) / 360, 3); // to 10:59:40 and :50
    expect(eleven.distanceKm).toBeCloseTo((3 * 75) / 360, 3); // to 11:00:00, :10, :20
    expect([...byDay(hours).get(DAY)!.keys()]).toEqual([10, 11]);
    // Together, exactly the scores’ walk.
    expectSame(sum(hours), walked(fixes));
  });

  it('carries the last fix from one batch to the next: the step between them counts for its first fix’s hour', () => {
    const first = walkByHour(freshWalkState(), fixes.slice(0, 3), limit);
    const second = walkByHour(first.state, fixes.slice(3), limit);
    // The step from 10:59:50 to 11:00:00 is only known with the second batch, and is 10 o’clock’s.
    expect(second.hours.get(H10)!.drivingSeconds).toBe(10);
    const whole = walkByHour(freshWalkState(), fixes, limit).hours;
    for (const [hour, tally] of whole) expectSame(addTally(first.hours.get(hour) ?? emptyTally(), second.hours.get(hour) ?? emptyTally()), tally);
  });

  it('changes nothing for a resend: fixes at or before the last one taken are skipped', () => {
    const { state } = walkByHour(freshWalkState(), fixes, limit);
    const again = walkByHour(state, fixes.slice(2), limit);
    expect(again.hours.size).toBe(0);
    expect(again.state).toEqual(state);
  });

  it('re-derives the hours a late fix touches from the stored fixes, as a walk of them all finds them', () => {
    // Rolled up without the fix of 11:00:20 (the first standing one), which arrives late.
    const late = fixes[5];
    const before = walkByHour(freshWalkState(), [...fixes.slice(0, 5), ...fixes.slice(6)], limit).hours.get(H10 + HOUR_S)!;
    expect([before.drivingSeconds, before.idlingSeconds]).toEqual([30, 10]);
    // The hours from the checkpoint's last fix on, walked again over every stored fix (an hour before them sets the walk).
    const rewritten = walkByHour(freshWalkState(), fixes, limit, (hour) => hour >= HOUR_S * Math.floor(late.ts / HOUR_S)).hours;
    expect(rewritten.has(H10)).toBe(false);
    expect(rewritten.get(H10 + HOUR_S)).toEqual(walked(fixes, (ts) => ts >= H10 + HOUR_S));
    expect([rewritten.get(H10 + HOUR_S)!.drivingSeconds, rewritten.get(H10 + HOUR_S)!.idlingSeconds]).toEqual([20, 20]);
  });
});
