import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import { InspectionQueriesService } from '../inspections';
import { UploadReferencesService } from '../uploads';
import { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
import { CompleteTaskDto, FailTaskDto } from './dto/task-transitions.dto';
import { Task, type TaskState } from './schemas/task.schema';
import { notInState } from './task-record';
import { TaskEvents } from './task-events';
import { TaskView, toTaskView } from './task.view';

/** What each hand-made transition may start from (docs/dispatch.md, "Tasks"). */
const ALLOWED_FROM: Record<'complete' | 'fail' | 'cancel', readonly TaskState[]> = {
  complete: ['assigned', 'arrived'],
  fail: ['assigned', 'arrived'],
  cancel: ['unassigned', 'assigned', 'arrived'],
};

/** Completing, failing and cancelling a task by hand; any other move is a 409 naming the state. */
@Injectable()
export class TaskTransitions {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly inspections: InspectionQueriesService,
    private readonly uploads: UploadReferencesService,
    private readonly slots: TaskArrivalSlots,
    private readonly events: TaskEvents,
    private readonly activity: ActivityRecorder,
  ) {}

  async complete(auth: AuthContext, id: string, body: CompleteTaskDto): Promise<TaskView> {
    const task = await this.startFrom(auth, id, 'complete', 'be completed');
    await this.checkProof(auth, task, body);
    const uploadIds = (body.uploadIds ?? []).map((upload) => new Types.ObjectId(upload));
    const proof = { submissionId: body.submissionId ? new Types.ObjectId(body.submissionId) : null, uploadIds, note: body.note ?? null };
    const done = await this.move(auth, task, { state: 'done', proof }, 'task.done');
    await this.uploads.markIdsReferenced(auth, uploadIds);
    return done;
  }

  async fail(auth: AuthContext, id: string, body: FailTaskDto): Promise<TaskView> {
    const task = await this.startFrom(auth, id, 'fail', 'fail');
    return this.move(auth, task, { state: 'failed', failureReason: body.reason }, 'task.failed', { reason: body.reason });
  }

  async cancel(auth: AuthContext, id: string): Promise<TaskView> {
    const task = await this.startFrom(auth, id, 'cancel', 'be cancelled');
    return this.move(auth, task, { state: 'cancelled' });
  }

  private async startFrom(auth: AuthContext, id: string, transition: keyof typeof ALLOWED_FROM, words: string): Promise<Stored<Task>> {
    const task = await this.tasks.findByIdOrFail(auth, id, 'Task');
    if (!ALLOWED_FROM[transition].includes(task.state)) throw notInState(task, words);
    return task;
  }

  /** With a `formId`, that form's submission is required; a submission and uploads named must be the client's. */
  private async checkProof(auth: AuthContext, task: Stored<Task>, body: CompleteTaskDto): Promise<void> {
    if (task.formId && !body.submissionId) {
      throw validationFailed([{ path: 'submissionId', message: 'submissionId is required: the task has a form to fill (its inspection proves it done)' }]);
    }
    if (body.submissionId) {
      const formId = await this.inspections.formOfSubmission(auth, body.submissionId);
      if (!formId) throw validationFailed([{ path: 'submissionId', message: `submissionId names no inspection ${body.submissionId} among yours` }]);
      if (task.formId && !formId.equals(task.formId))
        throw validationFailed([{ path: 'submissionId', message: "submissionId is an inspection of another form than the task's" }]);
    }
    const unknown = await this.uploads.unknownIds(auth, body.uploadIds ?? []);
    if (unknown.length) throw validationFailed(unknown.map((upload) => ({ path: 'uploadIds', message: `uploadIds names no upload ${upload} among yours` })));
  }

  private async move(
    auth: AuthContext,
    task: Stored<Task>,
    change: Partial<Task>,
    event?: 'task.done' | 'task.failed',
    details?: Record<string, unknown>,
  ): Promise<TaskView> {
    const completedAt = new Date();
    const updated = (await this.tasks.updateRecord(auth, task, { $set: { ...change, completedAt }, $unset: { lateCheckAt: 1 } })) ?? task;
    await this.slots.follow(task, updated);
    if (event) await this.events.record(updated, event, completedAt, details);
    const [before, after] = [toTaskView(task), toTaskView(updated)];
    await this.activity.record(auth, {
      action: `task.${change.state === 'done' ? 'complete' : change.state === 'failed' ? 'fail' : 'cancel'}`,
      resourceType: 'task',
      resourceId: task._id,
      summary: `Task "${task.title}" ${change.state}`,
      before,
      after,
    });
    return after;
  }
}
