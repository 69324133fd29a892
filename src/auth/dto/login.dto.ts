import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { NormalizeEmail, StrictBody } from '@app/http';

@StrictBody()
export class LoginDto {
  /**
   * The user's email (case does not matter).
   * @example "admin@transportes-andes.cl"
   */
  @NormalizeEmail()
  @IsEmail()
  @MaxLength(254)
  email: string;

  /** @example "correct horse battery staple" */
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  password: string;
}
