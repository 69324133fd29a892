import { ClientGeofences } from '../../geofences';
import { ClientPlaces } from '../../places';
import { detect, DetectorContext } from './detector';
import { DetectedEvent, DetectorState, Fix, initialState } from './detector-state';
import { REGISTERED_RULES } from './detection-rules.fixture';
import { pairRates, turnDegrees } from './harsh-rules';

const M = 1 / 111_195; // a metre of latitude, in degrees
const ORIGIN = { lat: -33.45, lng: -70.65 };

const context: DetectorContext = {
  fences: new ClientGeofences([]),
  places: new ClientPlaces([]),
  appliesTo: () => true,
  hysteresisM: 25,
  settings: { speedLimitKmh: null, idleMinutes: 5, temperature: null },
};

type Step = [ts: number, speed: number | null, extra?: Partial<Fix>];

/** Fixes of a vehicle driving north at the speeds given (its position follows them). */
function track(steps: Step[]): Fix[] {
  let north = 0;
  let last: Step | null = null;
  return steps.map((step) => {
    const [ts, speed, extra] = step;
    if (last) north += (((last[1] ?? 0) + (speed ?? 0)) / 2 / 3.6) * (ts - last[0]);
    last = step;
    return { ts, lat: ORIGIN.lat + north * M, lng: ORIGIN.lng, speed, dir: 0, temps: {}, ...extra };
  });
}

const harsh = (events: DetectedEvent[]) => events.filter((event) => event.type.startsWith('harsh.'));
const run = (fixes: Fix[], state: DetectorState = initialState()) => harsh(detect(state, fixes, context, REGISTERED_RULES));
const told = (fixes: Fix[], state?: DetectorState) => run(fixes, state).map((event) => `${event.type}@${event.at.ts}`);

describe('harsh driving events', () => {
  it('counts acceleration from 12 km/h gained per second and braking from 14 km/h lost, not just under', () => {
    expect(
      told(
        track([
          [0, 40],
          [1, 52],
          [2, 52],
        ]),
      ),
    ).toEqual(['harsh.acceleration@0']);
    expect(
      told(
        track([
          [0, 40],
          [1, 51.9],
          [2, 51.9],
        ]),
      ),
    ).toEqual([]);
    expect(
      told(
        track([
          [0, 60],
          [2, 32],
          [3, 32],
        ]),
      ),
    ).toEqual(['harsh.braking@0']);
    expect(
      told(
        track([
          [0, 60],
          [2, 32.2],
          [3, 32.2],
        ]),
      ),
    ).toEqual([]);
    const [braking] = run(
      track([
        [0, 60],
        [2, 32],
        [3, 32],
      ]),
    );
    expect(braking.details).toEqual({ peak: 14, thresholdValue: 14 });
  });

  it('counts cornering from 0.4 g of speed × turn rate, over the wrap of north (359° → 1°)', () => {
    // 0.4 g at 36 km/h (10 m/s) is 0.3924 rad/s: 22.48° in a second.
    const degrees = (0.4 * 9.81 * 180) / (10 * Math.PI);
    const turning = (turn: number) =>
      track([
        [0, 36, { dir: 350 }],
        [1, 36, { dir: (350 + turn) % 360 }],
        [2, 36, { dir: (350 + turn) % 360 }],
      ]);
    expect(told(turning(degrees))).toEqual(['harsh.cornering@0']);
    expect(told(turning(degrees - 0.1))).toEqual([]);
    expect(turnDegrees(359, 1)).toBe(2);
    expect(turnDegrees(1, 359)).toBe(-2);
    // 2° in a second at 36 km/h is a lane change, not a harsh corner (a raw 358° would be 6.2 g).
    expect(
      told(
        track([
          [0, 36, { dir: 359 }],
          [1, 36, { dir: 1 }],
          [2, 36, { dir: 1 }],
        ]),
      ),
    ).toEqual([]);
    const [corner] = run(turning(30));
    expect(corner.details).toEqual({ peak: 0.53, thresholdValue: 0.4 });
  });

  it('tells one event per episode, at its first fix, with the episode’s peak, once it ends', () => {
    const fixes = track([
      [0, 20],
      [1, 33],
      [2, 50],
      [3, 64],
      [4, 66],
      [5, 80],
      [6, 80],
    ]);
    expect(run(fixes.slice(0, 4))).toEqual([]); // still under way: its peak is not known yet
    const events = run(fixes);
    expect(events.map((e) => `${e.type}@${e.at.ts}`)).toEqual(['harsh.acceleration@0', 'harsh.acceleration@4']);
    expect(events[0].details).toEqual({ peak: 17, thresholdValue: 12 });
    expect(events[0].at).toMatchObject({ ts: 0, speed: 20 });
  });

  it('makes nothing of fixes more than 5 s apart, and a gap ends an episode', () => {
    expect(
      told(
        track([
          [0, 20],
          [6, 100],
          [7, 100],
        ]),
      ),
    ).toEqual([]);
    expect(
      told(
        track([
          [0, 20],
          [5, 80],
          [6, 80],
        ]),
      ),
    ).toEqual(['harsh.acceleration@0']);
    expect(
      told(
        track([
          [0, 20],
          [1, 40],
          [10, 40],
        ]),
      ),
    ).toEqual(['harsh.acceleration@0']);
  });

  it('skips fixes without speed or with a position no vehicle reaches, without breaking the pair around them', () => {
    const fixes = track([
      [0, 80],
      [1, null],
      [2, 50],
      [3, 50],
    ]);
    expect(told(fixes)).toEqual(['harsh.braking@0']);
    const jumped = track([
      [0, 80],
      [1, 80],
      [2, 50],
      [3, 50],
    ]);
    jumped[1] = { ...jumped[1], lat: ORIGIN.lat + 0.5, speed: 0 }; // 55 km away a second later: refused
    expect(told(jumped)).toEqual(['harsh.braking@0']);
    // A fix without a position says nothing of its speed either.
    expect(
      told(
        track([
          [0, 80],
          [1, 20, { lat: null, lng: null }],
          [2, 80],
          [3, 80],
        ]),
      ),
    ).toEqual([]);
  });

  it('ignores a resent fix and one going back in time', () => {
    const fixes = track([
      [0, 40],
      [1, 60],
      [2, 60],
    ]);
    const state = initialState();
    expect(told(fixes.slice(0, 2), state)).toEqual([]);
    expect(told([fixes[1], { ...fixes[0], ts: 0.5 }, fixes[2]], state)).toEqual(['harsh.acceleration@0']);
  });

  it('tells a device’s own flag at its fix, once for the episode the fixes also show', () => {
    const flagged = track([
      [0, 60],
      [1, 40, { harsh: { braking: null } }],
      [2, 30, { harsh: { braking: 0.55 } }],
      [3, 30],
    ]);
    const events = run(flagged);
    expect(events.map((e) => `${e.type}@${e.at.ts}`)).toEqual(['harsh.braking@1']);
    expect(events[0].details).toEqual({ peak: null, thresholdValue: null, source: 'device' });
    // Without a pair of its own (the first fix): the flag alone, with its value.
    const alone = run(track([[0, 30, { harsh: { cornering: 0.5 } }]]));
    expect(alone.map((e) => [e.type, e.details])).toEqual([['harsh.cornering', { peak: 0.5, thresholdValue: null, source: 'device' }]]);
  });

  it('finds the same events replayed from a checkpoint of its state', () => {
    const fixes = track([
      [0, 20],
      [1, 40],
      [2, 40],
      [3, 10],
      [4, 10],
      [5, 10, { harsh: { acceleration: null } }],
      [6, 10],
    ]);
    const whole = run(fixes);
    const state = initialState();
    const first = run(fixes.slice(0, 2), state);
    const checkpoint = structuredClone(state);
    const rest = run(fixes.slice(2), state);
    expect([...first, ...rest]).toEqual(whole);
    expect(run(fixes.slice(2), checkpoint)).toEqual(rest);
    expect(whole.map((e) => e.type)).toEqual(['harsh.acceleration', 'harsh.braking', 'harsh.acceleration']);
  });

  it('reads nothing from a pair with no time between its fixes', () => {
    expect(pairRates({ ts: 1, lat: 0, lng: 0, speed: 10, dir: 0 }, { ts: 1, speed: 90, dir: 0 })).toBeNull();
  });
});
