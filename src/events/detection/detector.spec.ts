import { Types } from 'mongoose';
import { ClientGeofences, type Geofence } from '../../geofences';
import { ClientPlaces } from '../../places';
import { detect, DetectorContext } from './detector';
import { DetectorState, Fix, initialState } from './detector-state';
import { REGISTERED_RULES } from './detection-rules.fixture';
import { testGeofence } from './geofence.fixture';

const M = 1 / 111_195; // a metre of latitude, in degrees
const ORIGIN = { lat: -33.45, lng: -70.65 };

function fence(id: string, data: Partial<Geofence>) {
  return testGeofence({
    _id: new Types.ObjectId(id),
    name: `fence ${id.slice(-2)}`,
    geometry: { type: 'Point', coordinates: [ORIGIN.lng, ORIGIN.lat] },
    ...data,
  });
}

const DEPOT = '0000000000000000000000a1';
const SCHOOL = '0000000000000000000000a2';
const fences = new ClientGeofences([
  fence(DEPOT, { radiusM: 200, speedLimitKmh: 20 }),
  // 20 m across, 1 km north of the depot: small enough to be passed between two fixes.
  fence(SCHOOL, { radiusM: 10, geometry: { type: 'Point', coordinates: [ORIGIN.lng, ORIGIN.lat + 1000 * M] } }),
]);

const context = (settings: Partial<DetectorContext['settings']> = {}): DetectorContext => ({
  fences,
  places: new ClientPlaces([]),
  appliesTo: () => true,
  hysteresisM: 25,
  settings: { speedLimitKmh: 90, idleMinutes: 5, temperature: null, ...settings },
});

/** A fix `north` metres north of the depot's centre at second `ts`. */
const at = (ts: number, north: number, extra: Partial<Fix> = {}): Fix => ({ ts, lat: ORIGIN.lat + north * M, lng: ORIGIN.lng, speed: 10, temps: {}, ...extra });
const run = (fixes: Fix[], state: DetectorState = initialState(), ctx = context()) =>
  detect(state, fixes, ctx, REGISTERED_RULES).map((e) => `${e.type}@${e.at.ts}${e.geofenceId ? `:${e.geofenceId.slice(-2)}` : ''}`);

describe('detect', () => {
  it('enters and leaves a geofence at the first fix of each state, once confirmed', () => {
    expect(run([at(0, 400), at(10, 300), at(20, 150), at(30, 100), at(40, 250), at(50, 400)])).toEqual(['geofence.enter@20:a1', 'geofence.exit@40:a1']);
  });

  it('does not flap on jitter at the edge: a change counts once deep past it or after a minute across', () => {
    // The edge is at 200 m; fixes wander 195..205 m (within the 25 m band).
    expect(run([at(0, 400), at(10, 205), at(20, 195), at(30, 205), at(40, 195), at(50, 204), at(60, 196), at(70, 198), at(80, 203)])).toEqual([]);
    // Parked just inside for a minute: the enter, dated at the first fix inside; out the same way.
    const parked = [
      at(0, 400),
      at(10, 205),
      at(20, 195),
      ...[30, 40, 50, 60, 70, 80].map((s) => at(s, 190)),
      at(90, 205),
      ...[100, 110, 120, 130, 140, 150].map((s) => at(s, 210)),
    ];
    expect(run(parked)).toEqual(['geofence.enter@20:a1', 'geofence.exit@90:a1']);
  });

  it('confirms at once a fix well past the edge', () => {
    expect(run([at(0, 400), at(10, 50)])).toEqual(['geofence.enter@10:a1']);
  });

  it('yields enter and exit for a small geofence passed between two fixes', () => {
    const events = run([at(0, 900), at(60, 1100)]);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatch(/^geofence\.enter@(2[6-9]|3[0-4]):a2$/);
    expect(events[1]).toMatch(/^geofence\.exit@(2[6-9]|3[0-4]):a2$/);
  });

  it('knows where the asset is at its first fix without an event, and ignores fixes not newer than the last', () => {
    const state = initialState();
    expect(run([at(0, 0)], state)).toEqual([]);
    expect(state.fences[DEPOT]).toEqual({ inside: true });
    expect(run([at(0, 400), at(-10, 400)], state)).toEqual([]);
  });

  it('speeds over the lowest limit of the geofences it is in, else its own', () => {
    // In the depot (20 km/h) at 35 km/h, then out at 60 (its own limit 90: no longer over).
    const events = run([
      at(0, 0, { speed: 10 }),
      at(10, 10, { speed: 35 }),
      at(20, 20, { speed: 40 }),
      at(30, 300, { speed: 60 }),
      at(40, 500, { speed: 100 }),
      at(50, 700, { speed: 120 }),
      at(60, 900, { speed: 70 }),
      at(70, 950, { speed: 60 }),
    ]);
    expect(events).toEqual(['speeding.start@10', 'geofence.exit@30:a1', 'speeding.end@30', 'speeding.start@40', 'speeding.end@60']);
  });

  it('tells the limit, the highest speed and the duration when speeding ends', () => {
    const state = initialState();
    const events = detect(
      state,
      [at(0, 600, { speed: 80 }), at(10, 610, { speed: 105 }), at(20, 620, { speed: 130 }), at(30, 630, { speed: 70 })],
      context(),
      REGISTERED_RULES,
    );
    expect(events.map((e) => [e.type, e.details])).toEqual([
      ['speeding.start', { limitKmh: 90, speedKmh: 105 }],
      ['speeding.end', { limitKmh: 90, maxSpeedKmh: 130, durationSeconds: 20 }],
    ]);
  });

  it('idles after idleMinutes standing with the ignition on, from the first still fix', () => {
    const still = (ts: number) => at(ts, 600, { speed: 0, ignition: true });
    const events = run([at(0, 600, { speed: 30, ignition: true }), still(60), still(180), still(360), still(420), at(480, 700, { speed: 25, ignition: true })]);
    expect(events).toEqual(['idling.start@60', 'idling.end@480']);
  });

  it('turns the ignition on and off, silent on the first report', () => {
    expect(run([at(0, 600, { ignition: false }), at(10, 600, { ignition: true }), at(20, 600, { ignition: true }), at(30, 600, { ignition: false })])).toEqual([
      'ignition.on@10',
      'ignition.off@30',
    ]);
  });

  it('finds a temperature out of range and back, confirmed like the rest', () => {
    const temp = (ts: number, value: number) => at(ts, 600, { temps: { 'temperature.1': 4, 'temperature.2': value } });
    const ctx = context({ temperature: { min: 2, max: 8 } });
    expect(run([temp(0, 5), temp(10, 9), temp(20, 7), temp(30, 9), temp(40, 9.5), temp(50, 7), temp(60, 6)], initialState(), ctx)).toEqual([
      'temperature.out_of_range@30',
      'temperature.back_in_range@50',
    ]);
  });

  it('comes back online at the first fix after the offline mark', () => {
    const state = initialState();
    detect(state, [at(0, 600)], context(), REGISTERED_RULES);
    state.offline = { since: 1800, lastFixAt: 0 };
    const events = detect(state, [at(3600, 600)], context(), REGISTERED_RULES);
    expect(events.map((e) => [e.type, e.at.ts, e.details])).toEqual([['tracker.online', 3600, { offlineSeconds: 3600 }]]);
    expect(state.offline).toBeNull();
  });
});
