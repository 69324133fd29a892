import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TaskLocationVersion } from './location-task.schema';

type LocationFacts = Pick<Task, 'clientId' | 'assetId' | 'placeId' | 'location' | 'state' | 'arrivedAt' | 'departedAt'>;

/** A task at a location (no place) its vehicle may still arrive at, or has arrived at and not yet left. */
export function watchedAtLocation(task: LocationFacts | null): boolean {
  if (!task?.assetId || task.placeId || !task.location) return false;
  return task.state === 'assigned' || (task.arrivedAt !== null && task.departedAt === null && task.state !== 'cancelled');
}

/** Each asset's watched location tasks, by asset id (hex). */
export type LocationTasksByAsset = ReadonlyMap<string, Stored<Task>[]>;

/**
 * A client's tasks at a location that a vehicle's fixes may arrive or depart, kept in memory per
 * client and rebuilt when one of them changes (every task write passes `TaskArrivalSlots.follow`,
 * which tells this index): the ingestion's path asks a map, never the database.
 */
@Injectable()
export class LocationTasks extends ClientIndex<LocationTasksByAsset> {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    @InjectModel(TaskLocationVersion.name) versions: Model<TaskLocationVersion>,
    config: AppConfig,
  ) {
    super(versions, config);
  }

  /** After a write of a task: the index is rebuilt when the task was or is watched (a batch then waits for the rebuild, so a fix never misses a task just written). */
  async followed(before: LocationFacts | null, after: LocationFacts | null): Promise<void> {
    const task = after ?? before;
    if (task && (watchedAtLocation(before) || watchedAtLocation(after))) await this.changed(task.clientId);
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
}
