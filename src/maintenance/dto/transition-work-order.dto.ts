import { IsIn } from 'class-validator';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { WORK_ORDER_STATUSES, WorkOrderStatus } from '../schemas/work-order.schema';

@StrictBody()
export class TransitionWorkOrderDto {
  /** The new status: open → in_progress → done, open|in_progress → cancelled, done → open. */
  @IsIn(WORK_ORDER_STATUSES, { message: `to must be one of ${WORK_ORDER_STATUSES.join(', ')}` })
  to: WorkOrderStatus;

  /** Why (1 to 1000 characters); required to reopen a done order. `null` as left out. */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ max: 1000 })
  @MultilineText()
  note?: string;
}
