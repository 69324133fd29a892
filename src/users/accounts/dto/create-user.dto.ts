import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { USER_LANGUAGES, type UserLanguage } from '@app/auth';
import { IsObjectIdString } from '@app/formats';
import { NormalizeEmail, StrictBody, ValidateText, WhenSent } from '@app/http';
import { IsTrackerSelection, TrackerSelection } from './tracker-selection';

@StrictBody()
export class CreateUserDto {
  /**
   * Sign-in email, unique on the platform (trimmed, lower-cased).
   * @example "juana.perez@transportes-andes.cl"
   */
  @NormalizeEmail()
  @IsEmail()
  @MaxLength(254)
  email: string;

  /**
   * Full name (1 to 200 characters, trimmed).
   * @example "Juana Pérez"
   */
  @ValidateText({ max: 200 })
  name: string;

  /** A role of the client; a protected role only by a protected caller. */
  @IsObjectIdString()
  roleId: string;

  @IsTrackerSelection()
  trackers: TrackerSelection;

  /**
   * The language the platform writes to the user in — inbox entries, alert and report mails, report files: `es` (Chilean Spanish, the default) or `en`.
   * @example "es"
   */
  @WhenSent()
  @IsIn(USER_LANGUAGES)
  language?: UserLanguage;
}
