import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Task } from '../schemas/task.schema';
import { WatchedLocationTasks } from './watched-location-tasks';

const [truck, van] = [new Types.ObjectId(), new Types.ObjectId()];

const task = (assetId: Types.ObjectId | null, changes: Partial<Stored<Task>> = {}): Stored<Task> =>
  ({
    _id: new Types.ObjectId(),
    assetId,
    placeId: null,
    location: { lat: -33.45, lng: -70.66 },
    state: 'assigned',
    arrivedAt: null,
    departedAt: null,
    ...changes,
  }) as Stored<Task>;

const idsOf = (tasks: readonly Stored<Task>[] | undefined) => (tasks ?? []).map((one) => one._id.toHexString());

describe('WatchedLocationTasks', () => {
  it('keeps the watched tasks by asset, and a change moves only the tasks it names, leaving the value it came from as it was', () => {
    const [first, second, third] = [task(truck), task(truck), task(van)];
    const watched = WatchedLocationTasks.of([first, second, third, task(null), task(van, { state: 'done' })]);
    expect([idsOf(watched.ofAsset(truck.toHexString())), idsOf(watched.ofAsset(van.toHexString()))]).toEqual([idsOf([first, second]), idsOf([third])]);

    const departed = { ...first, arrivedAt: new Date(), departedAt: new Date(), state: 'arrived' as const };
    const moved = { ...second, assetId: van };
    const next = watched.with(
      [first, second, third].map((one) => one._id.toHexString()),
      [departed, moved],
    );
    // Departed: no longer watched; reassigned: under its new asset; not found again (deleted): gone.
    expect(next.ofAsset(truck.toHexString())).toBeUndefined();
    expect(idsOf(next.ofAsset(van.toHexString()))).toEqual(idsOf([moved]));
    expect(idsOf(watched.ofAsset(truck.toHexString()))).toEqual(idsOf([first, second]));
  });

  it('takes a task written again once, and a change of a task it never held as new', () => {
    const first = task(truck);
    const watched = WatchedLocationTasks.of([first]);
    const arrived = { ...first, state: 'arrived' as const, arrivedAt: new Date() };
    const added = task(truck);
    const next = watched.with([], [arrived, added]);
    expect(next.ofAsset(truck.toHexString())).toEqual([arrived, added]);
  });

  it('is empty while no task is watched, so that a batch of its client is not looked at', () => {
    expect(WatchedLocationTasks.of([task(null), task(truck, { state: 'done' })]).isEmpty).toBe(true);
    const watched = WatchedLocationTasks.of([task(van)]);
    expect(watched.isEmpty).toBe(false);
    expect(watched.with([], [task(truck)]).isEmpty).toBe(false);
  });
});
