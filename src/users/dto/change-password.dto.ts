import { StrictBody, ValidateText } from '@app/http';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

@StrictBody()
export class ChangePasswordDto {
  /** The new password: 10 to 128 characters, not the user's email address. Kept exactly as sent (no trimming). */
  @ValidateText({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, trim: false })
  password: string;
}
