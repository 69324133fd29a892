import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, Max, Min, ValidateBy } from 'class-validator';
import { IsIsoDateTime } from '@app/formats';
import { LatLngDto, StrictBody, ValidateNestedObject, WhenSent } from '@app/http';
import { TASK_PRIORITIES } from '../schemas/task.schema';

/** A task's limits (docs/dispatch.md, "Tasks"). */
export const TASK_LIMITS = {
  radiusM: { min: 10, max: 5_000, default: 100 },
  serviceMinutes: { min: 0, max: 1_440 },
  /** How far before its window a visit's beginning counts as the task's arrival, and how long after. */
  arrivalBeforeMs: 60 * 60_000,
  arrivalAfterMs: 6 * 60 * 60_000,
} as const;

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** An instant as ISO 8601 with its offset (`2026-11-20T09:00:00-03:00`, or `Z`): a window means a moment, not a wall clock. */
export const IsInstantWithOffset = (): PropertyDecorator =>
  applyDecorators(
    IsIsoDateTime(),
    ValidateBy({
      name: 'hasOffset',
      validator: { validate: (value) => typeof value === 'string' && OFFSET.test(value), defaultMessage: () => '$property must name its offset (Z or ±hh:mm)' },
    }),
  );

/** When the task is to be done: `from` before `to`. */
@StrictBody()
export class TaskWindowDto {
  /** @example "2026-11-20T09:00:00-03:00" */
  @IsInstantWithOffset()
  from: string;

  /** @example "2026-11-20T11:00:00-03:00" */
  @IsInstantWithOffset()
  to: string;
}

/** A point instead of a place. */
@StrictBody()
export class TaskLocationDto extends LatLngDto {}

export const TaskRadius = (): PropertyDecorator =>
  applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusM must be a number of metres' }),
    Min(TASK_LIMITS.radiusM.min),
    Max(TASK_LIMITS.radiusM.max),
  );

export const TaskServiceMinutes = (): PropertyDecorator =>
  applyDecorators(
    IsInt({ message: 'serviceMinutes must be a whole number of minutes' }),
    Min(TASK_LIMITS.serviceMinutes.min),
    Max(TASK_LIMITS.serviceMinutes.max),
  );

export const TaskPriorityField = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ enum: TASK_PRIORITIES, required: false, description: 'Default `normal`' }),
    IsIn(TASK_PRIORITIES, { message: `priority must be one of ${TASK_PRIORITIES.join(', ')}` }),
  );

/** A task's point, `location` with `radiusM` around it, each optional: creation and edits validate them alike. */
export class TaskPointDto {
  @WhenSent()
  @ValidateNestedObject(() => TaskLocationDto)
  location?: TaskLocationDto;

  /** With `location`: metres around it, 10 to 5 000 (a new task's default: 100). */
  @WhenSent()
  @TaskRadius()
  radiusM?: number;
}
