import { ClientGeofences } from '../../geofences';
import { ClientPlaces } from '../../places';
import { detect, DetectorContext } from './detector';
import { Fix, initialState } from './detector-state';
import { REGISTERED_RULES } from './detection-rules.fixture';
import { testGeofence } from './geofence.fixture';

/**
 * GPS jitter at a geofence's edge, measured (docs/events.md, "Jitter"): the demo depot (a 400 m
 * circle where the demo routes start), fixes every 5 s as the demo simulator sends them, and
 * normally distributed position error (σ metres, seeded) — the rule against flapping beside
 * raw edge crossings (every fix across the edge a change).
 */
const DEPOT: [number, number] = [-70.7, -33.485];
const M = 1 / 111_195;
const fences = new ClientGeofences([testGeofence({ name: 'Depósito', geometry: { type: 'Point', coordinates: DEPOT }, radiusM: 400 })]);
const RULE: DetectorContext = {
  fences,
  places: new ClientPlaces([]),
  appliesTo: () => true,
  hysteresisM: 25,
  settings: { speedLimitKmh: null, idleMinutes: 5, temperature: null },
};

function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Fixes every 5 s from `start`, at `north(ts)` metres north of the depot's centre, with error σ, reporting `speed` km/h. */
function track(start: number, seconds: number, north: (ts: number) => number, speed: number, sigma: number, seed: number): Fix[] {
  const noise = gaussian(seed);
  return Array.from({ length: seconds / 5 }, (_, i) => {
    const ts = start + i * 5;
    return { ts, lat: DEPOT[1] + (north(ts) + sigma * noise()) * M, lng: DEPOT[0] + sigma * noise() * M * 1.2, speed, temps: {} };
  });
}

const ruleChanges = (fixes: Fix[]) => detect(initialState(), fixes, RULE, REGISTERED_RULES).filter((e) => e.type.startsWith('geofence.')).length;
/** Every fix on the other side of the edge from the one before it: what a rule without hysteresis reports. */
const rawChanges = (fixes: Fix[]) => {
  const inside = fixes.map((fix) => fences.containing({ lat: fix.lat!, lng: fix.lng! }).length > 0);
  return inside.filter((now, i) => i > 0 && now !== inside[i - 1]).length;
};
/** A truck that drives in from 600 m north at 36 km/h to `parkedAt` metres, then parks. */
const arriving = (parkedAt: number) => track(0, 30, (ts) => 600 - ((600 - parkedAt) * ts) / 30, 36, 0, 1);

describe('jitter at a geofence edge (the demo depot, a fix every 5 s)', () => {
  it.each([5, 10])('a truck parked on the edge for an hour (σ %i m): no change, where raw crossings flap', (sigma) => {
    const fixes = [...arriving(400), ...track(30, 3600, () => 400, 0, sigma, sigma)];
    expect(rawChanges(fixes)).toBeGreaterThan(300);
    expect(ruleChanges(fixes)).toBeLessThanOrEqual(2);
  });

  it.each([5, 10])('a truck parked 15 m inside (σ %i m): one enter, within the first minutes', (sigma) => {
    const fixes = [...arriving(385), ...track(30, 600, () => 385, 0, sigma, 7 + sigma)];
    const events = detect(initialState(), fixes, RULE, REGISTERED_RULES);
    expect(events.map((e) => e.type)).toEqual(['geofence.enter']);
    expect(events[0].at.ts).toBeLessThanOrEqual(180);
  });

  it.each([5, 10])('20 departures at 72 km/h (σ %i m): one exit each, as many as raw crossings', (sigma) => {
    let raw = 0;
    let rule = 0;
    for (let run = 0; run < 20; run++) {
      // From the centre out at 20 m/s: the edge is passed after 20 s.
      const fixes = track(0, 60, (ts) => ts * 20, 72, sigma, 100 * sigma + run);
      raw += rawChanges(fixes);
      rule += ruleChanges(fixes);
    }
    expect(rule).toBe(20);
    expect(raw).toBeGreaterThanOrEqual(20);
  });
});
