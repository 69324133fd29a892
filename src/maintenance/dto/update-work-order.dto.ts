import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { IsIsoDay, IsObjectIdString } from '@app/formats';
import { MultilineText, StrictBody, ValidateText } from '@app/http';
import { WORK_ORDER_PRIORITIES, WorkOrderPriority } from '../schemas/work-order.schema';

/** Sent, and not null: the fields that cannot be cleared. */
const sent = (_: object, value: unknown) => value !== undefined;

/** A partial edit. Status changes go through `POST …/{id}/transitions`; asset and category are fixed. */
@StrictBody()
export class UpdateWorkOrderDto {
  /** 1 to 200 characters. */
  @ValidateIf(sent)
  @ValidateText({ max: 200 })
  title?: string;

  /** At most 5000 characters. */
  @ValidateIf(sent)
  @ValidateText({ min: 0, max: 5000 })
  @MultilineText()
  description?: string;

  /** low, medium, high or urgent. */
  @ValidateIf(sent)
  @IsIn(WORK_ORDER_PRIORITIES, { message: `priority must be one of ${WORK_ORDER_PRIORITIES.join(', ')}` })
  priority?: WorkOrderPriority;

  /** A calendar day `YYYY-MM-DD`; null removes it. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsIsoDay({ message: 'dueDate must be a real calendar day as YYYY-MM-DD' })
  dueDate?: string | null;

  /** A user of the client; null unassigns. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsObjectIdString()
  assigneeId?: string | null;
}
