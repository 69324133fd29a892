import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { duplicateKeyIndexes, isDuplicateKeyError, Stored } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { FINAL_STATES, Task, TasksForRoutes } from '../tasks';
import { RouteStopClaim } from './schemas/route-stop-claim.schema';

const conflict = (message: string) => new DomainException(ErrorCode.Conflict, message);

/**
 * A route's stops (docs/dispatch.md, "Routes and ETAs"): each a task of the client that is not
 * finished and not another vehicle's, on no other route — a claim keyed by the task's id holds it
 * there, so two routes written at once cannot share a task.
 */
@Injectable()
export class RouteStops {
  constructor(
    private readonly tasks: TasksForRoutes,
    @InjectModel(RouteStopClaim.name) private readonly claims: Model<RouteStopClaim>,
  ) {}

  /**
   * The tasks named, in order, fit to be this vehicle's stops: 404 for one the caller may not
   * see, 409 naming the first that does not fit. Those the route has already (`kept`) stay
   * whatever happened to them since (a done stop is reordered with the others).
   */
  async check(auth: AuthContext, taskIds: readonly string[], assetId: Types.ObjectId, kept: readonly Types.ObjectId[] = []): Promise<Stored<Task>[]> {
    const tasks = await this.tasks.findAll(auth, taskIds);
    for (const task of tasks) {
      if (kept.some((id) => id.equals(task._id))) continue;
      const named = `Task "${task.title}" (${task._id.toHexString()})`;
      if (FINAL_STATES.includes(task.state)) throw conflict(`${named} is ${task.state}: a finished task is no route's stop`);
      if (task.assetId && !task.assetId.equals(assetId)) throw conflict(`${named} is assigned to another vehicle (${task.assetId.toHexString()})`);
    }
    return tasks;
  }

  /** Holds the tasks on this route; a task another route holds is a 409 naming it, and nothing is held. */
  async claim(routeId: Types.ObjectId, taskIds: readonly Types.ObjectId[]): Promise<void> {
    if (taskIds.length === 0) return;
    try {
      await this.claims.insertMany(
        taskIds.map((_id) => ({ _id, routeId })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error) && !duplicateKeyIndexes(error)) throw error;
      const held = await this.claims
        .find({ _id: { $in: [...taskIds] } })
        .lean<RouteStopClaim[]>()
        .exec();
      const taken = held.find((claim) => !claim.routeId.equals(routeId));
      await this.release(routeId, taskIds);
      if (!taken) throw error;
      throw conflict(`Task ${taken._id.toHexString()} is a stop of another route (${taken.routeId.toHexString()}): a task is on one route`);
    }
  }

  /** Lets go of the tasks this route holds among these. */
  async release(routeId: Types.ObjectId, taskIds: readonly Types.ObjectId[]): Promise<void> {
    if (taskIds.length > 0) await this.claims.deleteMany({ _id: { $in: [...taskIds] }, routeId }).exec();
  }
}
