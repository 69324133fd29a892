import { IsISO8601, Matches } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { WorkOrderDetailsDto } from './work-order-fields.dto';

/** A new work order, `open`. */
@StrictBody()
export class CreateWorkOrderDto extends WorkOrderDetailsDto {
  /** The asset to work on: one of the client's, within the user's trackers. */
  @IsObjectIdString()
  assetId: string;

  /** One of `GET /api/maintenance/work-orders/categories` (any case). */
  @ValidateText({ max: 100 })
  category: string;

  @ValidateText({ max: 200 })
  title: string;

  /** A calendar day, `YYYY-MM-DD`; `null` as left out: no due date. */
  @WhenSent({ nullAsAbsent: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dueDate must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'dueDate must be a real calendar day' })
  dueDate?: string;
}
