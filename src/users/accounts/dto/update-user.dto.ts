import { IsBoolean, IsIn } from 'class-validator';
import { USER_LANGUAGES, type UserLanguage } from '@app/auth';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { IsTrackerSelection, TrackerSelection } from './tracker-selection';

/** A partial change of a user; the email, the password and any other field are refused. */
@StrictBody()
export class UpdateUserDto {
  /**
   * Full name (1 to 200 characters, trimmed).
   * @example "Juana Pérez"
   */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /** A role of the client; a protected role only by a protected caller. */
  @WhenSent()
  @IsObjectIdString()
  roleId?: string;

  @WhenSent()
  @IsTrackerSelection()
  trackers?: TrackerSelection;

  /** `true` signs the user out everywhere at once: every session and API token is revoked. */
  @WhenSent()
  @IsBoolean()
  disabled?: boolean;

  /**
   * The language the platform writes to the user in — inbox entries, alert and report mails, report files: `es` (Chilean Spanish, the default) or `en`.
   * @example "es"
   */
  @WhenSent()
  @IsIn(USER_LANGUAGES)
  language?: UserLanguage;
}
