import { IsBoolean, IsOptional } from 'class-validator';
import { PageQueryDto, QueryBoolean, StrictBody } from '@app/http';

@StrictBody()
export class ListNotificationsDto extends PageQueryDto {
  /** `true`: only the unread ones. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  unread?: boolean;
}
