import type { Stored } from '@app/database';
import type { Task } from '../schemas/task.schema';

export type LocationFacts = Pick<Stored<Task>, '_id' | 'clientId' | 'assetId' | 'placeId' | 'location' | 'state' | 'arrivedAt' | 'departedAt'>;

/** A task at a location (no place) its vehicle may still arrive at, or has arrived at and not yet left. */
export function watchedAtLocation(task: LocationFacts | null): boolean {
  if (!task?.assetId || task.placeId || !task.location) return false;
  return task.state === 'assigned' || (task.arrivedAt !== null && task.departedAt === null && task.state !== 'cancelled');
}

/**
 * A client's watched location tasks by asset, and each task's asset: a change of a few tasks
 * touches only their assets' lists, however many tasks the client has. Never changed in place
 * (readers may hold it): `with` answers a copy.
 */
export class WatchedLocationTasks {
  private constructor(
    private readonly byAsset: Map<string, readonly Stored<Task>[]>,
    private readonly assetOfTask: Map<string, string>,
  ) {}

  static of(tasks: readonly Stored<Task>[]): WatchedLocationTasks {
    return new WatchedLocationTasks(new Map(), new Map()).with([], tasks);
  }

  /** No watched task in the client: its fixes need not be looked at. */
  get isEmpty(): boolean {
    return this.byAsset.size === 0;
  }

  /** The asset's (hex id) watched tasks, if any. */
  ofAsset(assetId: string): readonly Stored<Task>[] | undefined {
    return this.byAsset.get(assetId);
  }

  /** A copy with the tasks of `ids` as they now are (`now`: those still there); a task not watched leaves it. */
  with(ids: readonly string[], now: readonly Stored<Task>[]): WatchedLocationTasks {
    const next = new WatchedLocationTasks(new Map(this.byAsset), new Map(this.assetOfTask));
    for (const id of [...ids, ...now.map((task) => task._id.toHexString())]) next.remove(id);
    for (const task of now) if (watchedAtLocation(task)) next.add(task);
    return next;
  }

  private remove(taskId: string): void {
    const assetId = this.assetOfTask.get(taskId);
    if (assetId === undefined) return;
    this.assetOfTask.delete(taskId);
    const kept = this.byAsset.get(assetId)!.filter((task) => task._id.toHexString() !== taskId);
    if (kept.length > 0) this.byAsset.set(assetId, kept);
    else this.byAsset.delete(assetId);
  }

  private add(task: Stored<Task>): void {
    const assetId = task.assetId!.toHexString();
    this.assetOfTask.set(task._id.toHexString(), assetId);
    this.byAsset.set(assetId, [...(this.byAsset.get(assetId) ?? []), task]);
  }
}
