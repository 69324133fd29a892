import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { externalIdTakenAs, InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest, validationFailed } from '@app/errors';
import { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
import { TaskDayList } from './list/task-day-list';
import { TaskWindowIndex } from './list/task-window-index';
import { CreateTaskDto } from './dto/create-task.dto';
import { ListTasksDto } from './dto/list-tasks.dto';
import { UpdateTaskDto } from './dto/update-task.dto';
import { Task } from './schemas/task.schema';
import { newTask, taskUpdate } from './task-record';
import { TaskReferences } from './task-references';
import { TaskView, toTaskView } from './task.view';

/**
 * A client's tasks (docs/dispatch.md, "Tasks"): CRUD and the list. The repository keeps a task
 * with a vehicle to callers who see the vehicle's tracker, and one without to callers who see
 * every tracker.
 */
@Injectable()
export class TasksService {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly references: TaskReferences,
    private readonly slots: TaskArrivalSlots,
    private readonly activity: ActivityRecorder,
    private readonly dayList: TaskDayList,
    private readonly windows: TaskWindowIndex,
  ) {}

  async create(auth: AuthContext, body: CreateTaskDto): Promise<TaskView> {
    const refs = await this.references.resolve(auth, body);
    const record = newTask(body, refs, auth.clientId);
    const task = await this.tasks.create(auth, record).catch(externalIdTakenAs('task', body.externalId));
    await this.slots.follow(null, task);
    await this.windows.changed(auth.clientId);
    const view = toTaskView(task);
    await this.activity.created(auth, { type: 'task', id: task._id }, `Task "${task.title}" created`, view);
    return view;
  }

  /** A page of tasks by window start, earliest first. */
  async list(auth: AuthContext, query: ListTasksDto): Promise<Page<TaskView>> {
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw validationFailed([{ path: 'from', message: 'from must not be after to' }]);
    const filter: TenantQuery<Task> = {};
    // A filter naming another client's record, or an asset outside the caller's trackers, is a 404 as its own URL would be.
    const refs = await this.references.resolveForFilter(auth, query);
    // Only a period (the day's list): from the window index, the page's tasks read by `_id`.
    if (!refs.asset && !refs.place && !refs.driver && !query.state && query.late === undefined) {
      const period = { from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined };
      const page = await this.dayList.page(auth, { ...period, limit: query.limit, cursor: query.cursor });
      if (page) return { items: page.items.map(toTaskView), nextCursor: page.nextCursor };
    }
    if (refs.asset) filter.assetId = refs.asset._id;
    if (refs.place) filter.placeId = refs.place._id;
    if (refs.driver) filter.driverId = refs.driver._id;
    if (query.state) filter.state = query.state;
    if (query.late !== undefined) filter.late = query.late;
    if (query.to) filter.windowFrom = { $lte: new Date(query.to) };
    if (query.from) filter.windowTo = { $gte: new Date(query.from) };
    const page = await this.tasks.list(auth, filter, { limit: query.limit, cursor: query.cursor }, { sortBy: 'windowFrom', direction: 'asc' });
    return { items: page.items.map(toTaskView), nextCursor: page.nextCursor };
  }

  async get(auth: AuthContext, id: string): Promise<TaskView> {
    return toTaskView(await this.find(auth, id));
  }

  /** The task as the caller may see it, or 404. */
  find(auth: AuthContext, id: string): Promise<Stored<Task>> {
    return this.tasks.findByIdOrFail(auth, id, 'Task');
  }

  async update(auth: AuthContext, id: string, body: UpdateTaskDto): Promise<TaskView> {
    if (Object.values(body).every((value) => value === undefined)) throw badRequest('Nothing to change: send at least one field of the task');
    const task = await this.find(auth, id);
    const refs = await this.references.resolve(auth, body);
    const update = taskUpdate(task, body, refs);
    const updated = (await this.tasks.updateRecord(auth, task, update).catch(externalIdTakenAs('task', body.externalId))) ?? task;
    await this.slots.follow(task, updated);
    if (body.window !== undefined) await this.windows.changed(auth.clientId);
    const [before, after] = [toTaskView(task), toTaskView(updated)];
    await this.activity.updated(auth, { type: 'task', id: task._id }, `Task "${updated.title}" changed`, before, after);
    return after;
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const task = await this.find(auth, id);
    await this.tasks.deleteRecords(auth, [task]);
    await this.slots.follow(task, null);
    await this.windows.changed(auth.clientId);
    await this.activity.deleted(auth, { type: 'task', id: task._id }, `Task "${task.title}" deleted`, toTaskView(task));
    return { id: task._id.toHexString() };
  }
}
