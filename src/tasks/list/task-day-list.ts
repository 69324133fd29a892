import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { decodeCursor, encodeCursor, InjectRepository, type Page, pageSize, type Stored, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TaskWindowIndex, type WindowPosition } from './task-window-index';

/** The ids of a page are read by `_id` in batches of the page's size, then larger ones while the caller's scope drops some. */
const MAX_BATCH = 1000;

export interface WindowQuery {
  from?: Date;
  to?: Date;
  limit?: number;
  cursor?: string;
}

/**
 * A page of the tasks whose window overlaps a period (the day's list) without a query over the
 * client's tasks: the ids in order from the window index, the tasks by `_id` (a lookup), the
 * caller's scope and the window checked on the records as they are now. What the list's query
 * would answer, `nextCursor` included; null for a cursor whose position is not a window start
 * (the query answers those).
 */
@Injectable()
export class TaskDayList {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly windows: TaskWindowIndex,
  ) {}

  async page(auth: AuthContext, { from, to, limit, cursor }: WindowQuery): Promise<Page<Stored<Task>> | null> {
    const after = cursor ? positionOf(cursor) : undefined;
    if (after === null) return null;
    const size = pageSize(limit);
    const ids = (await this.windows.of(auth.clientId)).overlapping(from, to, after);
    const items: Stored<Task>[] = [];
    for (let batch = size + 1; items.length <= size; batch = Math.min(batch * 4, MAX_BATCH)) {
      const wanted = take(ids, batch);
      if (wanted.length === 0) break;
      const found = new Map((await this.tasks.findByIds(auth, wanted)).map((task) => [task._id.toHexString(), task]));
      for (const id of wanted) {
        const task = found.get(id);
        // A task moved by another instance since the index was read keeps to the period or drops out.
        if (task && (!to || task.windowFrom <= to) && (!from || task.windowTo >= from)) items.push(task);
        if (items.length > size) break;
      }
    }
    const page = items.slice(0, size);
    const last = page.at(-1);
    return { items: page, nextCursor: items.length > size && last ? encodeCursor(last as unknown as Record<string, unknown>, 'windowFrom') : null };
  }
}

/** The cursor's window start and id; null when its value is not a date (400 for a malformed one, as the query gives). */
function positionOf(cursor: string): WindowPosition | null {
  const { value, id } = decodeCursor(cursor, 'windowFrom');
  return value instanceof Date ? { from: value, id } : null;
}

function take(ids: Iterator<string>, count: number): string[] {
  const taken: string[] = [];
  while (taken.length < count) {
    const next = ids.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}
