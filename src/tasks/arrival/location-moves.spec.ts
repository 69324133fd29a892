import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { NewFixes } from '../../positions';
import type { Task } from '../schemas/task.schema';
import { holdsMove, locationMoves } from './location-moves';

const SITE = { lat: -33.45, lng: -70.66 };
const M = 1 / 111_195; // a metre of latitude, in degrees
const T0 = Date.UTC(2026, 10, 21, 12) / 1000;

const taskAt = (changes: Partial<Stored<Task>> = {}): Stored<Task> =>
  ({
    _id: new Types.ObjectId(),
    clientId: new Types.ObjectId(),
    assetId: new Types.ObjectId(),
    placeId: null,
    location: SITE,
    radiusM: 100,
    state: 'assigned',
    windowFrom: new Date(T0 * 1000),
    windowTo: new Date((T0 + 3600) * 1000),
    arrivedAt: null,
    departedAt: null,
    ...changes,
  }) as Stored<Task>;

/** Fixes `north` metres north of the site at `s` seconds after T0; null north: no position. */
const fixes = (...points: Array<[number, number | null]>): NewFixes[] => [
  {
    fixes: points.map(([s, north]) => ({ ts: T0 + s, lat: north === null ? null : SITE.lat + north * M, lng: north === null ? null : SITE.lng })),
  } as unknown as NewFixes,
];

describe('locationMoves', () => {
  it('takes the first fix inside as the arrival and the first outside after it as the departure, skipping fixes without a position', () => {
    const task = taskAt();
    const [move] = locationMoves([task], fixes([0, 500], [30, null], [60, 50], [90, 20], [120, 300], [150, 10]));
    expect(move).toEqual({ task, arrivedAt: new Date((T0 + 60) * 1000), departedAt: new Date((T0 + 120) * 1000) });
  });

  it('moves nothing outside the window’s margins, for a task already left, or without a fix in the radius', () => {
    const tomorrow = taskAt({ windowFrom: new Date((T0 + 86_400) * 1000), windowTo: new Date((T0 + 90_000) * 1000) });
    const left = taskAt({ state: 'arrived', arrivedAt: new Date(T0 * 1000), departedAt: new Date((T0 + 10) * 1000) });
    expect(locationMoves([tomorrow, left], fixes([60, 10], [90, 500]))).toEqual([]);
    expect(locationMoves([taskAt()], fixes([60, 150], [90, null]))).toEqual([]);
  });

  it('departs a task that arrived before the batch, only by a fix after its arrival', () => {
    const arrived = taskAt({ state: 'done', arrivedAt: new Date((T0 + 100) * 1000) });
    expect(locationMoves([arrived], fixes([50, 500], [200, 500]))).toEqual([{ task: arrived, arrivedAt: null, departedAt: new Date((T0 + 200) * 1000) }]);
  });

  it('takes a task as holding its move when this write stamped it, or when another wrote the same arrival and departure since', () => {
    const [arrival, departure] = [new Date((T0 + 60) * 1000), new Date((T0 + 120) * 1000)];
    const move = { task: taskAt(), arrivedAt: arrival, departedAt: departure };
    const stamp = new Date((T0 + 600) * 1000);
    const later = new Date((T0 + 601) * 1000);
    expect(holdsMove(move, { updatedAt: stamp, arrivedAt: null, departedAt: null }, stamp)).toBe(true);
    expect(holdsMove(move, { updatedAt: later, arrivedAt: arrival, departedAt: departure }, stamp)).toBe(true);
    expect(holdsMove(move, { updatedAt: later, arrivedAt: arrival, departedAt: null }, stamp)).toBe(false);
    expect(holdsMove(move, { updatedAt: later, arrivedAt: new Date((T0 + 30) * 1000), departedAt: departure }, stamp)).toBe(false);
    expect(holdsMove({ ...move, arrivedAt: null }, { updatedAt: later, arrivedAt: new Date(T0 * 1000), departedAt: departure }, stamp)).toBe(true);
  });
});
