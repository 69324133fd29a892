import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/auth';
import { StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ChangePasswordDto {
  /** The new password: 10 to 128 characters, not the user's email address. Kept exactly as sent (no trimming). */
  @ValidateText({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, trim: false })
  password: string;
}
