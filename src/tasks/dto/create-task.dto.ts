import { IsOptionalObjectId } from '@app/formats';
import { MultilineText, StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import type { TaskPriority } from '../schemas/task.schema';
import { TaskPointDto, TaskPriorityField, TaskServiceMinutes, TaskWindowDto } from './task-fields.dto';

/** A task (docs/dispatch.md, "Tasks"): at a place (`placeId`), or at a point (`location` with `radiusM`). The import validates each row as this DTO too. */
@StrictBody()
export class CreateTaskDto extends TaskPointDto {
  /** @example "Entrega pedido 4512" */
  @ValidateText({ max: 200 })
  title: string;

  /** @example "Descargar por el acceso de calle lateral." */
  @ValidateText({ min: 0, max: 2000, optional: true })
  @MultilineText()
  description?: string;

  /** The place to go to (its visit marks the arrival); or `location` instead. */
  @IsOptionalObjectId()
  placeId?: string;

  @ValidateNestedObject(() => TaskWindowDto)
  window: TaskWindowDto;

  /** Minutes of work on site, 0 to 1 440. @example 15 */
  @WhenSent()
  @TaskServiceMinutes()
  serviceMinutes?: number;

  /** The vehicle that does it: the task is then `assigned`. */
  @IsOptionalObjectId()
  assetId?: string;

  @IsOptionalObjectId()
  driverId?: string;

  /** A dynamic form to fill on site: completing the task then needs its submission. */
  @IsOptionalObjectId()
  formId?: string;

  /** The customer's own id for the task, unique in the client: the import updates by it. @example "PED-4512" */
  @ValidateText({ max: 100, optional: true })
  externalId?: string;

  @WhenSent()
  @TaskPriorityField()
  priority?: TaskPriority;
}
