import { IsIsoDay, IsObjectIdString } from '@app/formats';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import type { WorkOrderPriority } from '../schemas/work-order.schema';
import { WorkOrderPriorityField } from './work-order-fields.dto';

/** A partial edit. Status changes go through `POST …/{id}/transitions`; asset and category are fixed. */
@StrictBody()
export class UpdateWorkOrderDto {
  /** 1 to 200 characters. */
  @WhenSent()
  @ValidateText({ max: 200 })
  title?: string;

  /** At most 5000 characters. */
  @WhenSent()
  @ValidateText({ min: 0, max: 5000 })
  @MultilineText()
  description?: string;

  /** low, medium, high or urgent. */
  @WhenSent()
  @WorkOrderPriorityField()
  priority?: WorkOrderPriority;

  /** A calendar day `YYYY-MM-DD`; null removes it. */
  @WhenSent({ nullable: true })
  @IsIsoDay({ message: 'dueDate must be a real calendar day as YYYY-MM-DD' })
  dueDate?: string | null;

  /** A user of the client; null unassigns. */
  @WhenSent({ nullable: true })
  @IsObjectIdString()
  assigneeId?: string | null;
}
