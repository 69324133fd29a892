import { IsIn } from 'class-validator';
import { IsIsoDay, IsObjectIdString } from '@app/formats';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { WORK_ORDER_PRIORITIES, WorkOrderPriority } from '../schemas/work-order.schema';

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
  @IsIn(WORK_ORDER_PRIORITIES, { message: `priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}` })
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
