import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { TASK_PRIORITIES, TASK_STATES, type Task, type TaskPriority, type TaskState } from './schemas/task.schema';
import { orNull, recordTimes } from '@app/http';

export class TaskWindowView {
  from: Date;
  to: Date;
}

export class TaskLocationView {
  /** @example -33.4489 */
  lat: number;
  /** @example -70.6693 */
  lng: number;
}

export class TaskProofView {
  /** The inspection that filled the task's form. */
  submissionId: string | null;
  uploadIds: string[];
  note: string | null;
}

/** A job at a place or a point within a window (docs/dispatch.md, "Tasks"). */
export class TaskView {
  id: string;
  /** @example "Entrega pedido 4512" */
  title: string;
  description: string;
  placeId: string | null;
  location: TaskLocationView | null;
  /** With `location`: metres around it. */
  radiusM: number | null;
  window: TaskWindowView;
  serviceMinutes: number | null;
  assetId: string | null;
  driverId: string | null;
  /** @example "Juan Pérez" */
  driverName: string | null;
  formId: string | null;
  externalId: string | null;
  @ApiProperty({ enum: TASK_PRIORITIES })
  priority: TaskPriority;
  @ApiProperty({ enum: TASK_STATES })
  state: TaskState;
  /** Arrived after the window's end, or not arrived when it passed. */
  late: boolean;
  arrivedAt: Date | null;
  departedAt: Date | null;
  /** When it was done, failed or cancelled. */
  completedAt: Date | null;
  /** Why it failed. */
  failureReason: string | null;
  /** What proves it done; null until then. */
  proof: TaskProofView | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toTaskView(task: Stored<Task>): TaskView {
  return {
    id: task._id.toHexString(),
    title: task.title,
    description: task.description ?? '',
    placeId: task.placeId?.toHexString() ?? null,
    location: task.location ? { lat: task.location.lat, lng: task.location.lng } : null,
    radiusM: task.radiusM ?? null,
    window: { from: task.windowFrom, to: task.windowTo },
    serviceMinutes: task.serviceMinutes ?? null,
    assetId: task.assetId?.toHexString() ?? null,
    driverId: task.driverId?.toHexString() ?? null,
    driverName: task.driverName ?? null,
    formId: task.formId?.toHexString() ?? null,
    externalId: task.externalId ?? null,
    priority: task.priority,
    state: task.state,
    late: task.late,
    ...orNull(task, 'arrivedAt', 'departedAt', 'completedAt', 'failureReason'),
    proof: task.proof
      ? {
          submissionId: task.proof.submissionId?.toHexString() ?? null,
          uploadIds: task.proof.uploadIds.map((id) => id.toHexString()),
          note: task.proof.note ?? null,
        }
      : null,
    ...recordTimes(task),
  };
}
