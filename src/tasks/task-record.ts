import type { UpdateQuery } from 'mongoose';
import type { Stored } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { CreateTaskDto } from './dto/create-task.dto';
import { TASK_LIMITS } from './dto/task-fields.dto';
import { UpdateTaskDto } from './dto/update-task.dto';
import { Task, taskExternalKey, type TaskState } from './schemas/task.schema';
import { driverNameOf, type TaskRefs } from './task-references';
import { lateCheckAt } from './late/late-check';

/** States in which the vehicle may still change (before it got there). */
const REASSIGNABLE: readonly TaskState[] = ['unassigned', 'assigned'];
/** States nothing changes any more. */
export const FINAL_STATES: readonly TaskState[] = ['done', 'failed', 'cancelled'];

export const notInState = (task: Pick<Task, 'state' | 'title'>, change: string) =>
  new DomainException(ErrorCode.Conflict, `Task "${task.title}" is ${task.state}: it cannot ${change}`);

/** `from` before `to`, as dates. */
export function windowOf(window: { from: string; to: string }): { windowFrom: Date; windowTo: Date } {
  const [windowFrom, windowTo] = [new Date(window.from), new Date(window.to)];
  if (windowFrom >= windowTo)
    throw badRequest('window.from must be before window.to', [{ path: 'window.from', message: 'window.from must be before window.to' }]);
  return { windowFrom, windowTo };
}

/** Where the task is: a place, or a location with its radius; exactly one. */
function whereOf(body: Pick<CreateTaskDto, 'placeId' | 'location' | 'radiusM'>): Pick<Task, 'location' | 'radiusM'> {
  if (body.placeId && body.location) throw badRequest('Send placeId or location, not both');
  if (!body.placeId && !body.location)
    throw badRequest('A task needs a placeId or a location', [{ path: 'placeId', message: 'placeId or location is required' }]);
  if (body.placeId && body.radiusM !== undefined) throw badRequest('radiusM goes with location; a place has its own radius');
  return body.location
    ? { location: { lat: body.location.lat, lng: body.location.lng }, radiusM: body.radiusM ?? TASK_LIMITS.radiusM.default }
    : { location: null, radiusM: null };
}

/** The state a task waiting for its visit is in with or without a vehicle, and the late sweep's key while it waits. */
function waiting(hasAsset: boolean, windowTo: Date): Pick<Task, 'state' | 'lateCheckAt'> {
  return { state: hasAsset ? 'assigned' : 'unassigned', lateCheckAt: lateCheckAt(windowTo) };
}

export function newTask(body: CreateTaskDto, refs: TaskRefs, clientId: Stored<Task>['clientId']): Omit<Task, 'clientId' | 'createdAt' | 'updatedAt'> {
  const window = windowOf(body.window);
  return {
    title: body.title,
    description: body.description ?? '',
    placeId: refs.place?._id ?? null,
    ...whereOf(body),
    ...window,
    serviceMinutes: body.serviceMinutes ?? null,
    ...(refs.asset ? { assetId: refs.asset._id } : {}),
    driverId: refs.driver?._id ?? null,
    driverName: refs.driver ? driverNameOf(refs.driver) : null,
    formId: refs.formId ?? null,
    externalId: body.externalId ?? null,
    externalKey: taskExternalKey(clientId, body.externalId),
    priority: body.priority ?? 'normal',
    ...waiting(!!refs.asset, window.windowTo),
    late: false,
    arrivedAt: null,
    arrivalEventId: null,
    departedAt: null,
    completedAt: null,
    failureReason: null,
    proof: null,
  };
}

/** A PATCH's new place, or location and radius. */
function movedWhere(task: Stored<Task>, body: UpdateTaskDto, refs: TaskRefs): Pick<Task, 'placeId' | 'location' | 'radiusM'> {
  if (body.placeId !== undefined && body.location !== undefined) throw badRequest('Send placeId or location, not both');
  if (body.placeId !== undefined) {
    if (body.radiusM !== undefined) throw badRequest('radiusM goes with location; a place has its own radius');
    return { placeId: refs.place!._id, location: null, radiusM: null };
  }
  const location = body.location ?? task.location;
  if (!location) throw badRequest('radiusM goes with location; a place has its own radius');
  return { placeId: null, location: { lat: location.lat, lng: location.lng }, radiusM: body.radiusM ?? task.radiusM ?? TASK_LIMITS.radiusM.default };
}

/** The update a PATCH makes; 409 when its state does not allow it. */
export function taskUpdate(task: Stored<Task>, body: UpdateTaskDto, refs: TaskRefs): UpdateQuery<Task> {
  if (FINAL_STATES.includes(task.state)) throw notInState(task, 'be changed');
  const set: Partial<Task> = {};
  const unset: Record<string, 1> = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.description !== undefined) set.description = body.description ?? '';
  if (body.placeId !== undefined || body.location !== undefined || body.radiusM !== undefined) Object.assign(set, movedWhere(task, body, refs));
  if (body.window !== undefined) Object.assign(set, windowOf(body.window));
  if (body.serviceMinutes !== undefined) set.serviceMinutes = body.serviceMinutes;
  if (body.driverId !== undefined) Object.assign(set, { driverId: refs.driver?._id ?? null, driverName: refs.driver ? driverNameOf(refs.driver) : null });
  if (body.formId !== undefined) set.formId = refs.formId ?? null;
  if (body.externalId !== undefined) {
    set.externalId = body.externalId;
    const key = taskExternalKey(task.clientId, body.externalId);
    if (key) set.externalKey = key;
    else unset.externalKey = 1;
  }
  if (body.priority !== undefined) set.priority = body.priority;
  if (body.assetId !== undefined) {
    if (!REASSIGNABLE.includes(task.state)) throw notInState(task, 'change its vehicle after the arrival');
    if (refs.asset) set.assetId = refs.asset._id;
    else unset.assetId = 1;
    set.state = refs.asset ? 'assigned' : 'unassigned';
  }
  // A new window while it still waits: late, and the ETA's warning, are judged again against it (and told again if it passes).
  const movedTo = set.windowTo && set.windowTo.getTime() !== task.windowTo.getTime() ? set.windowTo : null;
  if (movedTo && REASSIGNABLE.includes(set.state ?? task.state)) {
    Object.assign(set, { lateCheckAt: lateCheckAt(movedTo), late: false });
    unset.etaLateAt = 1;
  }
  return Object.keys(unset).length ? { $set: set, $unset: unset } : { $set: set };
}
