import { Injectable } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { Task } from '../schemas/task.schema';
import { TaskEvents } from '../task-events';

/** How often tasks whose window closed are looked for (a recurring job across instances). */
export const LATE_TASKS_SWEEP_EVERY_MS = 60_000;
/** Tasks one pass handles at most; the next pass takes the rest. */
const PASS_LIMIT = 1_000;

/**
 * `task.late`, once per task and window: a task still `unassigned` or `assigned` LATE_GRACE_MS after its window
 * closed is late. Only those tasks carry `lateCheckAt` (a sparse key). The event (keyed by the
 * task and its window's end) is recorded, then the task marked, so a crash in between repeats
 * nothing; a task without an asset is marked late without an event (events belong to assets).
 */
@Injectable()
export class LateTasksSweep {
  constructor(
    // Every client's tasks whose window closed without an arrival: the sweep's one read across clients.
    @InjectUnscopedModel(Task) private readonly allTasks: Model<Task>,
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly events: TaskEvents,
  ) {}

  @RecurringJob('tasks.late', { everyMs: LATE_TASKS_SWEEP_EVERY_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** Marks the tasks late as of `now` while `lease` holds; answers how many. */
  async sweep(now = new Date(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const due = await this.allTasks
      .find({ lateCheckAt: { $lte: now } })
      .sort({ lateCheckAt: 1 })
      .limit(PASS_LIMIT)
      .lean<Array<Stored<Task>>>()
      .exec();
    let marked = 0;
    for (const task of due) {
      const scope = scopeOfClient(task.clientId);
      lease.assertHeld();
      if (task.state !== 'unassigned' && task.state !== 'assigned') {
        await this.tasks.updateRecord(scope, task, { $unset: { lateCheckAt: 1 } });
        continue;
      }
      await this.events.record(task, 'task.late', task.windowTo);
      await this.tasks.updateRecord(scope, task, { $set: { late: true }, $unset: { lateCheckAt: 1 } });
      marked++;
    }
    return marked;
  }
}
