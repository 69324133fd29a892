import { IsBoolean, IsOptional } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PageQueryDto, QueryBoolean, StrictBody, ValidateText } from '@app/http';

/** Filters of the user list, newest first. */
@StrictBody()
export class ListUsersQueryDto extends PageQueryDto {
  /** Part of the name or email, any case (1 to 100 characters). */
  @ValidateText({ max: 100, optional: true })
  q?: string;

  /** Only holders of this role. */
  @IsOptionalObjectId()
  roleId?: string;

  /** `true`: only disabled users; `false`: only active ones. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;
}
