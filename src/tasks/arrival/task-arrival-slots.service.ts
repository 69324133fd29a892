import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Task } from '../schemas/task.schema';
import { LocationTasks } from './location-tasks';
import { TaskArrivalSlot } from './task-arrival-slot.schema';

type SlotFacts = Pick<Task, 'clientId' | 'assetId' | 'placeId' | 'location' | 'state' | 'arrivalEventId' | 'arrivedAt' | 'departedAt'> & {
  _id: Types.ObjectId;
};

export const slotKey = (assetId: Types.ObjectId, placeId: Types.ObjectId) => `${assetId.toHexString()}:${placeId.toHexString()}`;

/** The slot a task is in: one with a vehicle and a place that waits for its arrival, or arrived and not yet departed. */
export function slotOf(task: SlotFacts | null): string | null {
  if (!task?.assetId || !task.placeId) return null;
  const waits = task.state === 'assigned';
  const stays = task.arrivalEventId !== null && task.departedAt === null && task.state !== 'cancelled';
  return waits || stays ? slotKey(task.assetId, task.placeId) : null;
}

/** Keeps each task in the slot of the visit it waits for (see the schema), and tells the location tasks' index of every task write. */
@Injectable()
export class TaskArrivalSlots {
  constructor(
    @InjectModel(TaskArrivalSlot.name) private readonly slots: Model<TaskArrivalSlot>,
    private readonly locations: LocationTasks,
  ) {}

  /** Moves a task from the slot it was in (`before`) to the one it is in now (`after`, as written); either may be null. */
  async follow(before: SlotFacts | null, after: Stored<Task> | null): Promise<void> {
    await this.followEach([{ before, after }]);
  }

  /** `follow` for several writes of one client's tasks: the location tasks' index told once. */
  async followEach(writes: ReadonlyArray<{ before: SlotFacts | null; after: Stored<Task> | null }>): Promise<void> {
    await this.locations.followedEach(writes);
    for (const { before, after } of writes) {
      const [from, to] = [slotOf(before), slotOf(after)];
      if (from === to) continue;
      const id = (after ?? before)!._id;
      if (from) await this.slots.updateOne({ _id: from }, { $pull: { taskIds: id } }).exec();
      if (to) await this.slots.updateOne({ _id: to }, { $addToSet: { taskIds: id } }, { upsert: true }).exec();
    }
  }

  /** The ids of the tasks of an asset's visit of a place. */
  async tasksOf(key: string): Promise<Types.ObjectId[]> {
    const slot = await this.slots.findById(key).lean<TaskArrivalSlot>().exec();
    return slot?.taskIds ?? [];
  }

  async remove(key: string, taskId: Types.ObjectId): Promise<void> {
    await this.slots.updateOne({ _id: key }, { $pull: { taskIds: taskId } }).exec();
  }
}
