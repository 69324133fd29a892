import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IsOptionalObjectId, OptionalIsoDateTime } from '@app/formats';
import { PageQueryDto, QueryBoolean, StrictBody } from '@app/http';
import { TASK_STATES, type TaskState } from '../schemas/task.schema';

/** Tasks by window start, earliest first; `from`/`to` keep those whose window overlaps the period (a day's list). */
@StrictBody()
export class ListTasksDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: TASK_STATES })
  @IsOptional()
  @IsIn(TASK_STATES, { message: `state must be one of ${TASK_STATES.join(', ')}` })
  state?: TaskState;

  @IsOptionalObjectId()
  assetId?: string;

  @IsOptionalObjectId()
  driverId?: string;

  @IsOptionalObjectId()
  placeId?: string;

  /** Tasks whose window ends at or after this ISO 8601 date-time. */
  @OptionalIsoDateTime()
  from?: string;

  /** Tasks whose window begins at or before this ISO 8601 date-time. */
  @OptionalIsoDateTime()
  to?: string;

  /** `true`: only late tasks; `false`: only those not late. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'late must be true or false' })
  late?: boolean;
}
