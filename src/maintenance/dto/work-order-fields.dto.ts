import { IsIn } from 'class-validator';
import { WORK_ORDER_PRIORITIES } from '../schemas/work-order.schema';

/** `priority`: one of the work order priorities; the message lists them. */
export const WorkOrderPriorityField = (): PropertyDecorator =>
  IsIn(WORK_ORDER_PRIORITIES, { message: `priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}` });
