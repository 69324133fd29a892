import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { summarize } from '../telemetry/telemetry-summary';
import { groupByHour, packPoints, rebuildHour, unpackPoints } from './hour-bucket';

const point = (ts: number, lng: number, speed: number | null, temps: Record<string, number> = {}): TelemetryPoint => ({
  ts,
  lat: -33,
  lng,
  speed,
  alt: 500,
  dir: 90,
  temps,
});

describe('hour buckets', () => {
  const points = [
    point(7200, -70.6, 10, { 'temperature.1': 4 }),
    point(7260.5, -70.61, null),
    point(7320, -70.62, 30, { 'temperature.2': -18, 'temperature.1': 5 }),
  ];

  it('round-trips points through the packed columns, missing values included', () => {
    const packed = packPoints(points);
    expect(packed.sensors).toEqual(['temperature.1', 'temperature.2']);
    expect(packed.packed.length).toBe(3 * 8 * 8);
    expect(unpackPoints(packed)).toEqual(points);
    // As the driver reads it back: a Binary whose buffer may sit at any offset.
    const offset = Buffer.concat([Buffer.alloc(3), packed.packed]).subarray(3);
    expect(unpackPoints({ ...packed, packed: { buffer: offset } })).toEqual(points);
  });

  it('groups by the hour a timestamp falls in', () => {
    expect([...groupByHour([point(3599.5, 0, 0), point(3600, 0, 0), point(7199, 0, 0)]).entries()].map(([h, l]) => [h, l.length])).toEqual([
      [0, 1],
      [3600, 2],
    ]);
  });

  it('keeps the ignition column when a device reports it', () => {
    const points = [{ ...point(7200, -70.6, 10), ignition: true }, point(7210, -70.61, 20), { ...point(7220, -70.62, 0), ignition: false }];
    expect(unpackPoints(packPoints(points)).map((p) => p.ignition)).toEqual([true, null, false]);
  });

  it('keeps the device’s harsh flags, with or without a value, only in hours that have one', () => {
    const flagged = [
      { ...point(7200, -70.6, 10), ignition: true, harsh: { braking: null } },
      { ...point(7210, -70.61, 20), ignition: null },
      { ...point(7220, -70.62, 0), ignition: false, harsh: { cornering: 0.45, acceleration: 1 } },
    ];
    const packed = packPoints(flagged);
    expect(packed.harsh).toBe(true);
    expect(unpackPoints(packed)).toEqual(flagged);
    expect(packPoints(points)).not.toHaveProperty('harsh');
  });

  it('is idempotent: duplicates and out-of-order arrivals give what one in-order write gives', () => {
    const once = rebuildHour(null, points);
    const shuffled = rebuildHour(rebuildHour(null, [points[2]]), [points[1], points[0], points[2]]);
    const again = rebuildHour(once, points);
    expect({ ...shuffled, added: 3 }).toEqual(once);
    expect({ ...again, added: 3 }).toEqual(once);
    // What each write added: only timestamps the hour did not hold.
    expect([once.added, shuffled.added, again.added]).toEqual([3, 2, 0]);
    expect(once.summary).toEqual(summarize(points));
  });

  it('lets a message sent again replace its earlier copy', () => {
    const corrected = rebuildHour(rebuildHour(null, points), [point(7260.5, -70.61, 25)]);
    expect(unpackPoints(corrected).map((p) => p.speed)).toEqual([10, 25, 30]);
    expect(corrected.summary.speedSum).toBe(65);
  });
});
