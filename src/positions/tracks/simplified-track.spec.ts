import { createHash } from 'node:crypto';
import { groupByHour, hourPositions, packPoints, unpackPoints } from '../store/hour-bucket';
import { positionColumnsOf } from '../telemetry/position-columns';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { simplifiedTrack } from './simplified-track';
import { simplifyRoute } from './simplify-route';

// A zigzag route of 50 000 messages at 10 s (about 14 hours) with gaps in every field, a sensor
// column and an ignition column in some hours: what the store packs.
const START = 1768001234;
const route: TelemetryPoint[] = Array.from({ length: 50_000 }, (_, i) => ({
  ts: START + i * 10,
  lat: i % 97 === 5 ? null : -33.45 + Math.sin(i / 40) * 0.01 + i * 1e-6,
  lng: i % 97 === 5 ? null : -70.65 + i * 1e-5,
  speed: i % 13 === 0 ? null : (i * 7) % 120,
  alt: i % 29 === 0 ? null : 500 + (i % 50),
  dir: i % 31 === 0 ? null : (i * 3) % 360,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the union of the two literals is not a Record without it
  temps: (i % 2 === 0 ? { 'temperature.1': 4 + (i % 5) } : {}) as Record<string, number>,
  ...(i > 20_000 && i < 30_000 ? { ignition: i % 3 === 0 } : {}),
}));
const hours = [...groupByHour(route)].map(([start, points]) => ({ start, ...packPoints(points) }));
// Partial hours at both ends, `to` as the store source widens it (its whole last second).
const from = START + 3333;
const to = START + 490_000 + 0.999999;

/** The track as it was answered before the columns: a point object per message, then a view object per position. */
function objectTrack(maxPoints: number) {
  const positions = [];
  for (const hour of hours)
    for (const p of unpackPoints(hour))
      if (p.ts >= from && p.ts <= to && p.lat !== null && p.lng !== null)
        positions.push({ lat: p.lat, lng: p.lng, speed: p.speed, direction: p.dir, altitude: p.alt, timestamp: p.ts });
  const points = simplifyRoute(positions, maxPoints);
  return { totalPoints: positions.length, simplified: points.length < positions.length, points };
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('simplifiedTrack (positions read as columns)', () => {
  // The hashes of the answers computed with the object path before the columns existed.
  it.each([
    [2000, '25c564914b5f5b3c7e589c19733f9b564f794be7e596bf9578e5c8c1865f44bd'],
    [300, '32526ad6568882b62b2137ee28973ed0f35346b85bd5a1bd512d1c17097cb1d2'],
    [100_000, 'df0b23f623bb7aa3cc6886a4db9344f35d1d5debbcdd65fbec18c2cf48e79df5'],
  ])('answers byte for byte what the object path answered (maxPoints %d)', (maxPoints, before) => {
    const track = simplifiedTrack(hourPositions(hours, from, to), maxPoints);
    expect(JSON.stringify(track)).toBe(JSON.stringify(objectTrack(maxPoints)));
    expect(sha256(track)).toBe(before);
    expect(track.totalPoints).toBe(48_165);
  });

  it('answers the same from points (the flespi source) as from the packed hours (the store)', () => {
    const points = route.filter((p) => p.ts >= from && p.ts <= to);
    expect(JSON.stringify(simplifiedTrack(positionColumnsOf(points), 2000))).toBe(JSON.stringify(simplifiedTrack(hourPositions(hours, from, to), 2000)));
  });

  it('reads packed columns whatever the byte offset the driver gives them at', () => {
    const [hour] = hours;
    const shifted = new Uint8Array(hour.packed.length + 3);
    shifted.set(hour.packed, 3);
    const unaligned = { ...hour, packed: { buffer: shifted.subarray(3) } };
    expect(hourPositions([unaligned], 0, Infinity)).toEqual(hourPositions([hour], 0, Infinity));
    expect(hourPositions([hour], 0, Infinity).length).toBe(route.slice(0, hour.n).filter((p) => p.lat !== null).length); // messages without coordinates skipped
  });

  it('answers an empty track without points', () => {
    expect(simplifiedTrack(hourPositions([], from, to), 2000)).toEqual({ totalPoints: 0, simplified: false, points: [] });
  });
});
