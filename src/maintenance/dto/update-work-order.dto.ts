import { IsIsoDay, IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { WorkOrderDetailsDto } from './work-order-fields.dto';

/** A partial edit. Status changes go through `POST …/{id}/transitions`; asset and category are fixed. */
@StrictBody()
export class UpdateWorkOrderDto extends WorkOrderDetailsDto {
  /** 1 to 200 characters. */
  @WhenSent()
  @ValidateText({ max: 200 })
  title?: string;

  /** A calendar day `YYYY-MM-DD`; null removes it. */
  @WhenSent({ nullable: true })
  @IsIsoDay({ message: 'dueDate must be a real calendar day as YYYY-MM-DD' })
  dueDate?: string | null;

  /** A user of the client; null unassigns. */
  @WhenSent({ nullable: true })
  @IsObjectIdString()
  assigneeId?: string | null;
}
