import { IsIn, IsOptional } from 'class-validator';
import { IsIsoDay, IsOptionalObjectId } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_STATUSES, WorkOrderPriority, WorkOrderStatus } from '../schemas/work-order.schema';

/** Filters of the work order list (all optional, combined with "and"); unknown ones are a 400. */
@StrictBody()
export class ListWorkOrdersQueryDto extends PageQueryDto {
  /** open, in_progress, done or cancelled. */
  @IsOptional()
  @IsIn(WORK_ORDER_STATUSES, { message: `status must be one of ${WORK_ORDER_STATUSES.join(', ')}` })
  status?: WorkOrderStatus;

  /** Orders of this asset. */
  @IsOptionalObjectId()
  assetId?: string;

  /** A category as listed (any case). */
  @IsOptional()
  @ValidateText({ max: 100 })
  category?: string;

  /** low, medium, high or urgent. */
  @IsOptional()
  @IsIn(WORK_ORDER_PRIORITIES, { message: `priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}` })
  priority?: WorkOrderPriority;

  /** Orders due on or before this day, `YYYY-MM-DD` (orders without a due date are left out). */
  @IsOptional()
  @IsIsoDay()
  dueBefore?: string;

  /** Words of the title (case-insensitive, 1 to 100 characters). */
  @IsOptional()
  @ValidateText({ max: 100 })
  q?: string;
}
