import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TASK_LOCATION_CHANGES, TaskLocationVersion } from './location-task.schema';
import { type LocationFacts, watchedAtLocation, WatchedLocationTasks } from './watched-location-tasks';

/**
 * A client's tasks at a location that a vehicle's fixes may arrive or depart, kept in memory per
 * client and patched when one of them changes (every task write passes `TaskArrivalSlots.follow`,
 * which tells this index): the ingestion's path asks a map, never the database.
 */
@Injectable()
export class LocationTasks extends ClientIndex<WatchedLocationTasks> {
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
    await this.changed(touched[0].after?.clientId ?? touched[0].before!.clientId, ids, (previous) => previous.with(ids, written));
  }

  protected async build(clientId: Types.ObjectId): Promise<WatchedLocationTasks> {
    return WatchedLocationTasks.of(
      await this.tasks.find(scopeOfClient(clientId), { placeId: null, state: { $in: ['assigned', 'arrived', 'done', 'failed'] } }),
    );
  }

  // An arrival or a departure is a write of one task: it is read again, the client's other tasks kept.
  protected override async patch(clientId: Types.ObjectId, previous: WatchedLocationTasks, ids: readonly string[]): Promise<WatchedLocationTasks> {
    return previous.with(ids, await this.tasks.findByIds(scopeOfClient(clientId), ids));
  }
}
