import { initialPlausibility, judgeFix, MAX_PLAUSIBLE_KMH, reachable, withoutImplausible } from './fix-plausibility';
import type { TelemetryPoint } from './telemetry-point';

const KM_PER_DEG = (6371.0088 * Math.PI) / 180;
/** A fix `km` north of the equator at `ts`. */
const at = (ts: number, km: number) => ({ ts, lat: km / KM_PER_DEG, lng: 0 });
const point = (ts: number, km: number | null): TelemetryPoint => ({
  ts,
  lat: km === null ? null : km / KM_PER_DEG,
  lng: km === null ? null : 0,
  speed: 40,
  alt: null,
  dir: null,
  temps: {},
});

describe('fix plausibility', () => {
  it('reaches what a vehicle drives at up to 300 km/h, beyond 50 m of error at each end', () => {
    expect(MAX_PLAUSIBLE_KMH).toBe(300);
    expect(reachable(at(0, 0), at(3600, 300.05))).toBe(true);
    expect(reachable(at(0, 0), at(3600, 300.2))).toBe(false);
    // 90 m in a second is receiver error, not 324 km/h.
    expect(reachable(at(0, 0), at(1, 0.09))).toBe(true);
    expect(reachable(at(0, 0), at(1, 0.2))).toBe(false);
  });

  it('ignores a one-fix spike, and believes a jump once a second fix agrees with it', () => {
    const state = initialPlausibility();
    expect([judgeFix(state, at(0, 0)), judgeFix(state, at(30, 0.3)), judgeFix(state, at(75, 8)), judgeFix(state, at(105, 0.6))]).toEqual([
      'plausible',
      'plausible',
      'implausible',
      'plausible',
    ]);
    expect([judgeFix(state, at(135, 9)), judgeFix(state, at(165, 9.3)), judgeFix(state, at(195, 9.6))]).toEqual(['implausible', 'relocated', 'plausible']);
    // Far apart in time, far is reachable: a day off the road, 200 km away.
    expect(judgeFix(state, at(195 + 86_400, 209.6))).toBe('plausible');
  });

  it('leaves out of a run the fixes no vehicle reached, keeping those without a position', () => {
    const run = [point(0, 0), point(30, 0.3), point(60, null), point(75, 8), point(105, 0.6)];
    expect(withoutImplausible(run).map((p) => p.ts)).toEqual([0, 30, 60, 105]);
  });
});
