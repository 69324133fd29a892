import { IsIn } from 'class-validator';
import { MultilineText, ValidateText, WhenSent } from '@app/http';
import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from '../schemas/work-order.schema';

/** `priority`: one of the work order priorities; the message lists them. */
export const WorkOrderPriorityField = (): PropertyDecorator =>
  IsIn(WORK_ORDER_PRIORITIES, { message: `priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}` });

/** The description and priority of a work order, each optional when it is created and when it is edited. */
export class WorkOrderDetailsDto {
  /** At most 5000 characters. */
  @WhenSent()
  @ValidateText({ min: 0, max: 5000 })
  @MultilineText()
  description?: string;

  /** low, medium, high or urgent (a new order's default: medium). */
  @WhenSent()
  @WorkOrderPriorityField()
  priority?: WorkOrderPriority;
}
