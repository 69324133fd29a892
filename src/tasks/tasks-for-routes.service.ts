import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository, type TenantScope } from '@app/database';
import { notFound } from '@app/errors';
import type { Types } from 'mongoose';
import { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
import { TaskEvents } from './task-events';
import { Task } from './schemas/task.schema';
import { toTaskView } from './task.view';

/** What a route's stops, their ETAs and the ETA warning read of a task (a smaller answer than the whole task). */
const STOP_FIELDS = [
  'clientId',
  'assetId',
  'title',
  'state',
  'placeId',
  'location',
  'serviceMinutes',
  'windowTo',
  'late',
  'etaLateAt',
  'arrivedAt',
  'departedAt',
] as const;
export type StopTask = Stored<Pick<Task, (typeof STOP_FIELDS)[number]>>;
const STOP_PROJECTION = Object.fromEntries(STOP_FIELDS.map((field) => [field, 1]));

/**
 * What routes do with tasks (docs/dispatch.md, "Routes and ETAs"): read a route's tasks, give the
 * unassigned ones the route's vehicle, and warn of a task whose ETA passed its window's end.
 */
@Injectable()
export class TasksForRoutes {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly slots: TaskArrivalSlots,
    private readonly activity: ActivityRecorder,
    private readonly events: TaskEvents,
  ) {}

  /** The tasks, in the order asked (one read); one the caller may not see is a 404 naming it. */
  async findAll(auth: AuthContext, ids: readonly string[]): Promise<Stored<Task>[]> {
    const byId = new Map((await this.tasks.findByIds(auth, ids)).map((task) => [task._id.toHexString(), task]));
    return ids.map((id) => {
      const task = byId.get(id.toLowerCase());
      if (!task) throw notFound(`Task ${id}`);
      return task;
    });
  }

  /** A route's tasks as they are now, by id (hex), with the fields its stops read; one deleted since is absent. */
  async byIds(scope: TenantScope, ids: readonly Types.ObjectId[]): Promise<Map<string, StopTask>> {
    return new Map((await this.tasks.findByIds(scope, ids.map(String), STOP_PROJECTION)).map((task) => [task._id.toHexString(), task]));
  }

  /** Gives each task still unassigned this vehicle (`assigned`); one assigned meanwhile is left as it is. */
  async assign(auth: AuthContext, tasks: readonly Stored<Task>[], assetId: Types.ObjectId): Promise<void> {
    for (const task of tasks) {
      if (task.state !== 'unassigned') continue;
      const updated = await this.tasks.updateRecord(auth, task, { $set: { assetId, state: 'assigned' } }, { state: 'unassigned' });
      if (!updated) continue;
      await this.slots.follow(task, updated);
      await this.activity.updated(
        auth,
        { type: 'task', id: task._id },
        `Task "${task.title}" assigned to its route's vehicle`,
        toTaskView(task),
        toTaskView(updated),
      );
    }
  }

  /**
   * Warns that the route's ETA for the task passed its window's end (`task.eta_late`), once: only
   * while it waits for its arrival and is not late yet. The task is marked first by a conditional
   * write (of two instances, one wins), and the event is keyed by the task and the mark's time,
   * so recording it again is a no-op; if it cannot be recorded the mark is taken away and the
   * next ETA tries again.
   */
  async warnEtaLate(task: StopTask, eta: Date, routeId: Types.ObjectId, at: Date): Promise<void> {
    if (task.state !== 'assigned' || task.late || task.etaLateAt) return;
    const scope = scopeOfClient(task.clientId);
    const marked = await this.tasks.updateRecord(scope, task, { $set: { etaLateAt: at } }, { state: 'assigned', late: false, etaLateAt: null });
    if (!marked) return;
    try {
      await this.events.record(marked, 'task.eta_late', at, { eta: eta.toISOString(), routeId: routeId.toHexString() });
    } catch (error) {
      await this.tasks.updateRecord(scope, marked, { $unset: { etaLateAt: 1 } });
      throw error;
    }
  }
}
