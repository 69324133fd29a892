import { OmitType, PartialType } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { StrictBody, WhenSent } from '@app/http';
import { CreateUserDto } from './create-user.dto';

/**
 * A partial change of a user; the email, the password and any other field are refused. Its fields
 * are creation's, each optional (`null` is still validated, so refused), and `disabled`.
 */
@StrictBody()
export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['email'] as const), { skipNullProperties: false }) {
  /** `true` signs the user out everywhere at once: every session and API token is revoked. */
  @WhenSent()
  @IsBoolean()
  disabled?: boolean;
}
