import { Types } from 'mongoose';
import { ClientGeofences } from '../../geofences';
import { ClientPlaces } from '../../places';
import { compilePlace } from '../../places/compiled-place';
import type { Place } from '../../places/schemas/place.schema';
import { detect, DetectorContext } from './detector';
import { DetectorState, Fix, initialState } from './detector-state';
import { REGISTERED_RULES } from './detection-rules.fixture';

const M = 1 / 111_195; // a metre of latitude, in degrees
const ORIGIN = { lat: -33.45, lng: -70.65 };
const CUSTOMER = '0000000000000000000000b1';
const YARD = '0000000000000000000000b2';

function place(id: string, data: Partial<Place>) {
  return compilePlace({
    _id: new Types.ObjectId(id),
    name: `place ${id.slice(-2)}`,
    location: { type: 'Point', coordinates: [ORIGIN.lng, ORIGIN.lat] },
    radiusM: 100,
    area: null,
    visitMinutes: 3,
    ...data,
  } as never);
}

const context = (places: ClientPlaces): DetectorContext => ({
  fences: new ClientGeofences([]),
  places,
  appliesTo: () => true,
  hysteresisM: 25,
  settings: { speedLimitKmh: null, idleMinutes: 5, temperature: null },
});

/** A fix `northM` metres north of the origin, at `ts` seconds, at `speed` km/h. */
const at = (ts: number, northM: number, speed: number): Fix => ({ ts, lat: ORIGIN.lat + northM * M, lng: ORIGIN.lng, speed, temps: {} });

/** Fixes every `step` seconds from `from` to `to` (inclusive), standing at `northM`. */
const standing = (from: number, to: number, northM = 0, step = 30): Fix[] => {
  const fixes: Fix[] = [];
  for (let ts = from; ts <= to; ts += step) fixes.push(at(ts, northM, 0));
  return fixes;
};

function run(places: ClientPlaces, fixes: Fix[], state: DetectorState = initialState()) {
  return detect(state, fixes, context(places), REGISTERED_RULES).filter((event) => event.type.startsWith('place.'));
}

describe('visit detection', () => {
  const customer = new ClientPlaces([place(CUSTOMER, {})]);

  it('does not count a drive-through at 40 km/h', () => {
    // 40 km/h is 11 m/s: a fix every 5 s crosses the 200 m circle in ~18 fixes.
    const fixes = Array.from({ length: 60 }, (_, i) => at(1_000 + i * 5, -300 + i * 55.5, 40));
    expect(run(customer, fixes)).toEqual([]);
  });

  it('does not count a stop shorter than the place asks', () => {
    expect(run(customer, [...standing(1_000, 1_150), at(1_180, 400, 30), at(1_190, 450, 30)])).toEqual([]);
  });

  it('arrives at the first stopped fix inside and departs at the first fix outside, with the dwell', () => {
    const fixes = [at(970, -150, 20), ...standing(1_000, 1_600), at(1_630, 90, 15), at(1_640, 200, 30), at(1_650, 300, 30)];
    const events = run(customer, fixes);
    expect(events.map((event) => [event.type, event.at.ts, event.placeId])).toEqual([
      ['place.arrival', 1_000, CUSTOMER],
      ['place.departure', 1_640, CUSTOMER],
    ]);
    expect(events[1].details).toEqual({ placeName: 'place b1', arrivedAt: new Date(1_000_000).toISOString(), dwellSeconds: 640 });
  });

  it('gives each of two overlapping places its visit', () => {
    const both = new ClientPlaces([place(CUSTOMER, {}), place(YARD, { radiusM: 300, visitMinutes: 5 })]);
    const events = run(both, [...standing(1_000, 1_400), at(1_430, 1_000, 50), at(1_440, 1_100, 50)]);
    expect(events.map((event) => [event.type, event.placeId, event.at.ts]).sort()).toEqual([
      ['place.arrival', CUSTOMER, 1_000],
      ['place.arrival', YARD, 1_000],
      ['place.departure', CUSTOMER, 1_430],
      ['place.departure', YARD, 1_430],
    ]);
  });

  it('does not end a visit for one fix that strays just past the edge', () => {
    const fixes = [...standing(1_000, 1_300), at(1_330, 110, 0), ...standing(1_360, 1_500)];
    expect(run(customer, fixes).map((event) => event.type)).toEqual(['place.arrival']);
  });

  it('finds nothing new in the same fixes sent again', () => {
    const state = initialState();
    const fixes = standing(1_000, 1_300);
    expect(run(customer, fixes, state)).toHaveLength(1);
    expect(run(customer, fixes, state)).toEqual([]);
  });

  it('keeps a stop going through fixes without a position', () => {
    const fixes = [...standing(1_000, 1_060), { ts: 1_120, lat: null, lng: null, speed: null, temps: {} }, ...standing(1_200, 1_260)];
    expect(run(customer, fixes).map((event) => [event.type, event.at.ts])).toEqual([['place.arrival', 1_000]]);
  });
});
