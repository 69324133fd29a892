import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

// Query strings are text: only these two spellings are a boolean.
const booleanText = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** Filters of the user list, newest first. */
@StrictBody()
export class ListUsersQueryDto extends PageQueryDto {
  /** Part of the name or email, any case (1 to 100 characters). */
  @ValidateText({ max: 100, optional: true })
  q?: string;

  /** Only holders of this role. */
  @IsOptional()
  @IsObjectIdString()
  roleId?: string;

  /** `true`: only disabled users; `false`: only active ones. */
  @IsOptional()
  @Transform(booleanText)
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;
}
