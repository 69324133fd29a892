import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TASK_LOCATION_CHANGES, TaskLocationVersion } from './location-task.schema';

type LocationFacts = Pick<Stored<Task>, '_id' | 'clientId' | 'assetId' | 'placeId' | 'location' | 'state' | 'arrivedAt' | 'departedAt'>;

/** A task at a location (no place) its vehicle may still arrive at, or has arrived at and not yet left. */
export function watchedAtLocation(task: LocationFacts | null): boolean {
  if (!task?.assetId || task.placeId || !task.location) return false;
  return task.state === 'assigned' || (task.arrivedAt !== null && task.departedAt === null && task.state !== 'cancelled');
}

/** Each asset's watched location tasks, by asset id (hex). */
export type LocationTasksByAsset = ReadonlyMap<string, Stored<Task>[]>;

/**
 * A client's tasks at a location that a vehicle's fixes may arrive or depart, kept in memory per
 * client and patched when one of them changes (every task write passes `TaskArrivalSlots.follow`,
 * which tells this index): the ingestion's path asks a map, never the database.
 */
@Injectable()
export class LocationTasks extends ClientIndex<LocationTasksByAsset> {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    @InjectModel(TaskLocationVersion.name) versions: Model<TaskLocationVersion>,
    @InjectModel(TASK_LOCATION_CHANGES.name) changes: Model<unknown>,
    config: AppConfig,
  ) {
    super(versions, config, changes);
  }

  /** After a write of a task (`after`: as written, null once deleted): the index takes it when the task was or is watched (a batch then waits for that, so a fix never misses a task just written). */
  async followed(before: LocationFacts | null, after: Stored<Task> | null): Promise<void> {
    await this.followedEach([{ before, after }]);
  }

  /** `followed` for several writes of one client's tasks: one change of the index, taken here from the tasks as written. */
  async followedEach(writes: ReadonlyArray<{ before: LocationFacts | null; after: Stored<Task> | null }>): Promise<void> {
    const touched = writes.filter(({ before, after }) => watchedAtLocation(before) || watchedAtLocation(after));
    if (touched.length === 0) return;
    const ids = [...new Set(touched.map(({ before, after }) => (after ?? before)!._id.toHexString()))];
    const written = touched.flatMap(({ after }) => (after ? [after] : []));
    await this.changed(touched[0].after?.clientId ?? touched[0].before!.clientId, ids, (previous) => withTasks(previous, ids, written));
  }

  protected async build(clientId: Types.ObjectId): Promise<LocationTasksByAsset> {
    const open = await this.tasks.find(scopeOfClient(clientId), { placeId: null, state: { $in: ['assigned', 'arrived', 'done', 'failed'] } });
    const byAsset = new Map<string, Stored<Task>[]>();
    for (const task of open.filter(watchedAtLocation)) {
      const key = task.assetId!.toHexString();
      const ofAsset = byAsset.get(key);
      if (ofAsset) ofAsset.push(task);
      else byAsset.set(key, [task]);
    }
    return byAsset;
  }

  // An arrival or a departure is a write of one task: it is read again, the client's other tasks kept.
  protected override async patch(clientId: Types.ObjectId, previous: LocationTasksByAsset, ids: readonly string[]): Promise<LocationTasksByAsset> {
    return withTasks(previous, ids, await this.tasks.findByIds(scopeOfClient(clientId), ids));
  }
}

/** The index with the tasks of `ids` as they now are (`now`: those still there; any not watched leave it). */
function withTasks(previous: LocationTasksByAsset, ids: readonly string[], now: readonly Stored<Task>[]): LocationTasksByAsset {
  const changed = new Set(ids);
  const byAsset = new Map<string, Stored<Task>[]>();
  for (const [assetId, tasks] of previous) {
    const kept = tasks.filter((task) => !changed.has(task._id.toHexString()));
    if (kept.length > 0) byAsset.set(assetId, kept);
  }
  for (const task of now.filter(watchedAtLocation)) {
    const key = task.assetId!.toHexString();
    byAsset.set(key, [...(byAsset.get(key) ?? []), task]);
  }
  return byAsset;
}
