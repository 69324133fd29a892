import { IsObjectIdString } from '@app/formats';
import { MultilineText, StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import type { TaskPriority } from '../schemas/task.schema';
import { TaskPointDto, TaskPriorityField, TaskServiceMinutes, TaskWindowDto } from './task-fields.dto';

/**
 * The fields to change, at least one; `null` clears `description`, `serviceMinutes`, `assetId`
 * (the task is `unassigned` again), `driverId`, `formId` and `externalId`. Sending `placeId`
 * replaces a location, and `location` a place.
 */
@StrictBody()
export class UpdateTaskDto extends TaskPointDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  title?: string;

  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 2000 })
  @MultilineText()
  description?: string | null;

  @WhenSent()
  @IsObjectIdString()
  placeId?: string;

  @WhenSent()
  @ValidateNestedObject(() => TaskWindowDto)
  window?: TaskWindowDto;

  @WhenSent({ nullable: true })
  @TaskServiceMinutes()
  serviceMinutes?: number | null;

  /** Sets the vehicle (`assigned`) or, with `null`, takes it away (`unassigned`); only before the arrival. */
  @WhenSent({ nullable: true })
  @IsObjectIdString()
  assetId?: string | null;

  @WhenSent({ nullable: true })
  @IsObjectIdString()
  driverId?: string | null;

  @WhenSent({ nullable: true })
  @IsObjectIdString()
  formId?: string | null;

  @WhenSent({ nullable: true })
  @ValidateText({ max: 100 })
  externalId?: string | null;

  @WhenSent()
  @TaskPriorityField()
  priority?: TaskPriority;
}
