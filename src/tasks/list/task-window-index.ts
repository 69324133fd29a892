import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TaskWindowVersion } from './task-window-version.schema';

/** Where a page starts: after this window start and id (a cursor's position). */
export interface WindowPosition {
  from: Date;
  id: Types.ObjectId;
}

/** A client's tasks' windows in list order (window start, then id), as parallel arrays: ~40 bytes a task. */
export class ClientTaskWindows {
  readonly ids: string[];
  readonly froms: Float64Array;
  readonly tos: Float64Array;

  constructor(tasks: ReadonlyArray<Pick<Task, 'windowFrom' | 'windowTo'> & { _id: Types.ObjectId }>) {
    const sorted = tasks
      .map((task) => ({ id: task._id.toHexString(), from: task.windowFrom.getTime(), to: task.windowTo.getTime() }))
      .sort((a, b) => a.from - b.from || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.ids = sorted.map((task) => task.id);
    this.froms = Float64Array.from(sorted, (task) => task.from);
    this.tos = Float64Array.from(sorted, (task) => task.to);
  }

  /**
   * The ids, in list order after `after`, of the tasks whose window ends at or after `from` and
   * begins at or before `to` (either bound optional).
   */
  *overlapping(from: Date | undefined, to: Date | undefined, after?: WindowPosition): Generator<string> {
    const [fromMs, toMs] = [from?.getTime() ?? -Infinity, to?.getTime() ?? Infinity];
    for (let i = after ? this.firstAfter(after) : 0; i < this.ids.length && this.froms[i] <= toMs; i++) {
      if (this.tos[i] >= fromMs) yield this.ids[i];
    }
  }

  /** The first position past `after` (binary search on window start, then id). */
  private firstAfter({ from, id }: WindowPosition): number {
    const [at, hex] = [from.getTime(), id.toHexString()];
    let [low, high] = [0, this.ids.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      const before = this.froms[middle] < at || (this.froms[middle] === at && this.ids[middle] <= hex);
      if (before) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * Each client's tasks' windows in memory, for the day's list (docs/dispatch.md, "The list of
 * tasks"): on the embedded server a range over the windows scans and sorts every task of the
 * client, so the list finds a page's ids here and reads those tasks by `_id`. Read again after
 * this instance adds, deletes or moves a task, and within the read cache's life after another's.
 */
@Injectable()
export class TaskWindowIndex extends ClientIndex<ClientTaskWindows> {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    @InjectModel(TaskWindowVersion.name) versions: Model<TaskWindowVersion>,
    config: AppConfig,
  ) {
    super(versions, config);
  }

  protected async build(clientId: Types.ObjectId): Promise<ClientTaskWindows> {
    return new ClientTaskWindows(await this.tasks.find(scopeOfClient(clientId), {}, { projection: { windowFrom: 1, windowTo: 1 } }));
  }
}
