import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PeriodPageQueryDto, QueryBoolean, StrictBody } from '@app/http';
import { TASK_STATES, type TaskState } from '../schemas/task.schema';

/**
 * Tasks by window start, earliest first; `from`/`to` keep those whose window overlaps the period
 * (a day's list): it ends at or after `from` and begins at or before `to`.
 */
@StrictBody()
export class ListTasksDto extends PeriodPageQueryDto {
  /** Tasks whose window ends at or after this ISO 8601 date-time. */
  declare from?: string;

  /** Tasks whose window begins at or before this ISO 8601 date-time. */
  declare to?: string;

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

  /** `true`: only late tasks; `false`: only those not late. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'late must be true or false' })
  late?: boolean;
}
