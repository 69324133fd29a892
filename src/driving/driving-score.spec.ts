import type { TelemetryPoint } from '../positions';
import { type DriverSpan, spanAt } from './driver-spans';
import { DEFAULT_WEIGHTS, drivingFigures } from './driving-score';
import { countHarsh, type DrivingTally, emptyTally, MAX_EVENT_IDS } from './driving-tally';
import { FixWalk, MAX_STEP_SECONDS } from './fix-walk';

const M = 1 / 111_195; // a metre of latitude, in degrees
const point = (ts: number, north: number, speed: number, ignition?: boolean): TelemetryPoint => ({
  ts,
  lat: -33.5 + north * M,
  lng: -70.7,
  speed,
  alt: null,
  dir: null,
  temps: {},
  ...(ignition !== undefined && { ignition }),
});

/** 10 s steps north at `speed` km/h (the metres the speed covers), from `t0` and `north0`. */
const drive = (t0: number, north0: number, speeds: number[]) => {
  let north = north0;
  return speeds.map((speed, i) => {
    const p = point(t0 + i * 10, north, speed, true);
    north += (speed / 3.6) * 10;
    return p;
  });
};

describe('driving scores from fixes', () => {
  it('measures driving, speeding by margin and idling time, and the distance, step by step', () => {
    const tally = emptyTally();
    const walk = new FixWalk(
      () => 50,
      () => tally,
    );
    // 6 steps: 55 (under +10), 65 (>10), 75 (>20), 85 (>30), 40, then 3 still steps with the ignition on.
    const moving = drive(0, 0, [55, 65, 75, 85, 40, 0]);
    const last = moving.at(-1)!;
    walk.feed(moving.slice(0, 3));
    walk.feed([
      ...moving.slice(3),
      point(60, (last.lat! + 33.5) / M, 1, true),
      point(70, (last.lat! + 33.5) / M, 0, true),
      point(80, (last.lat! + 33.5) / M, 0, false),
    ]);
    expect(tally.drivingSeconds).toBe(50);
    expect(tally.speedingSeconds).toEqual([30, 20, 10]);
    expect(tally.idlingSeconds).toBe(30);
    expect(tally.distanceKm).toBeCloseTo((55 + 65 + 75 + 85 + 40) / 360, 3);
  });

  it('counts nothing across a gap longer than MAX_STEP_SECONDS, and no speeding without a limit', () => {
    const tally = emptyTally();
    const walk = new FixWalk(
      () => null,
      () => tally,
    );
    walk.feed([point(0, 0, 90, true), point(MAX_STEP_SECONDS + 1, 100, 90, true), point(MAX_STEP_SECONDS + 11, 350, 90, true)]);
    expect(tally.drivingSeconds).toBe(10);
    expect(tally.speedingSeconds).toEqual([0, 0, 0]);
  });

  it('counts harsh events per kind with their ids, at most 100 ids', () => {
    const tally = emptyTally();
    const entries = Array.from({ length: 120 }, (_, i) => ({
      id: `e${i}`,
      type: ['harsh.acceleration', 'harsh.braking', 'harsh.cornering', 'speeding.start'][i % 4],
      at: i,
    }));
    countHarsh(entries, () => tally);
    expect(tally.harsh).toEqual({ acceleration: 30, braking: 30, cornering: 30 });
    expect(tally.eventIds).toHaveLength(Math.min(90, MAX_EVENT_IDS));
    expect(tally.eventIds[0]).toBe('e0');
  });

  it('scores 100 − Σ weight × rate, clamped to 0..100, rates per 100 km and shares of time', () => {
    const tally: DrivingTally = {
      distanceKm: 200,
      drivingSeconds: 10_000,
      idlingSeconds: 2_500,
      speedingSeconds: [500, 100, 0],
      harsh: { acceleration: 2, braking: 4, cornering: 1 },
      eventIds: [],
    };
    const figures = drivingFigures(tally, DEFAULT_WEIGHTS);
    // 2·1 + 2·2 + 2·0.5 + 100·(1·0.05 + 2·0.01 + 4·0 + 0.2·0.2) = 7 + 11 = 18.
    expect(figures).toEqual({
      score: 82,
      distanceKm: 200,
      drivingSeconds: 10_000,
      per100Km: { acceleration: 1, braking: 2, cornering: 0.5 },
      speedingShare: { over10: 0.05, over20: 0.01, over30: 0 },
      idlingShare: 0.2,
    });
    expect(drivingFigures(tally, { ...DEFAULT_WEIGHTS, braking: 100 }).score).toBe(0);
    expect(drivingFigures(emptyTally(), DEFAULT_WEIGHTS)).toMatchObject({ score: 100, per100Km: { acceleration: 0 }, idlingShare: 0 });
  });

  it('splits an asset by driver spans: time outside every span is nobody’s', () => {
    const spans: DriverSpan[] = [
      { driverId: 'a', driverName: 'Ana', from: 0, to: 30 },
      { driverId: 'b', driverName: 'Beto', from: 30, to: null },
    ];
    const tallies = new Map<string, DrivingTally>();
    const tallyAt = (ts: number) => {
      const span = spanAt(spans, ts);
      if (!span) return null;
      if (!tallies.has(span.driverId)) tallies.set(span.driverId, emptyTally());
      return tallies.get(span.driverId)!;
    };
    new FixWalk(() => null, tallyAt).feed(drive(-10, 0, [40, 40, 40, 40, 40, 40, 40]));
    countHarsh([{ id: 'x', type: 'harsh.braking', at: 35 }], tallyAt);
    expect(tallies.get('a')!.drivingSeconds).toBe(30);
    expect(tallies.get('b')!.drivingSeconds).toBe(20);
    expect(tallies.get('b')!.eventIds).toEqual(['x']);
  });
});
