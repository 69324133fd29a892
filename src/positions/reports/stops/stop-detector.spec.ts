import type { TelemetryPoint } from '../../telemetry/telemetry-point';
import { detectStillPeriods } from './stop-detector';

const at = (ts: number, speed: number | null, ignition: boolean | null = null, lat: number | null = 1): TelemetryPoint => ({
  ts,
  lat,
  lng: lat === null ? null : 2,
  speed,
  alt: null,
  dir: null,
  temps: {},
  ignition,
});

describe('detectStillPeriods', () => {
  it('finds a stop of 5 minutes or more, ended by the first moving message, across a silent gap', () => {
    const points = [at(0, 50), at(60, 0), at(120, 0), at(3600, 2), at(3660, 40)];
    expect(detectStillPeriods(points)).toEqual([{ kind: 'stop', start: 60, end: 3660, lat: 1, lng: 2 }]);
  });

  it('ignores shorter stands; a stand still under way at the end is clipped to the last message', () => {
    expect(detectStillPeriods([at(0, 0), at(299, 0), at(299.5, 30)])).toEqual([]);
    expect(detectStillPeriods([at(0, 30), at(10, 0), at(400, 0)])).toEqual([{ kind: 'stop', start: 10, end: 400, lat: 1, lng: 2 }]);
  });

  it('finds idling (ignition on, standing still, 2 minutes or more) inside a stop and on its own', () => {
    const points = [
      at(0, 30, true),
      at(60, 0, true),
      at(240, 0, true),
      at(300, 0, false),
      at(1000, 0, false),
      at(1060, 20, true), // stop 60..1060, idle 60..300
      at(1100, 0, true),
      at(1200, 0, true),
      at(1230, 30, true), // idle 1100..1230 (a red light), no stop
      at(1300, 0, true),
      at(1400, 10, true), // 100 s: neither
    ];
    expect(detectStillPeriods(points)).toEqual([
      { kind: 'stop', start: 60, end: 1060, lat: 1, lng: 2 },
      { kind: 'idle', start: 60, end: 300, lat: 1, lng: 2 },
      { kind: 'idle', start: 1100, end: 1230, lat: 1, lng: 2 },
    ]);
  });

  it('counts a message without speed as standing still, and takes the first position of the stand', () => {
    expect(detectStillPeriods([at(0, null, null, null), at(100, null), at(400, 50)])).toEqual([{ kind: 'stop', start: 0, end: 400, lat: 1, lng: 2 }]);
    expect(detectStillPeriods([])).toEqual([]);
  });
});
