import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsEmail, IsIn, IsString, Matches, ValidateBy } from 'class-validator';
import { IsObjectIdString, IsTimeZone } from '@app/formats';
import { StrictBody, WhenSent } from '@app/http';
import { WEEK_DAYS, WeekDay } from '../../schemas/alert-rule.schema';

/** Assets, groups, geofences, users or addresses one rule names, at most. */
export const MAX_RULE_TARGETS = 1000;
export const MAX_RULE_EMAILS = 50;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

@StrictBody()
export class AlertScheduleDto {
  /**
   * An IANA time zone (default: the client's).
   * @example "America/Santiago"
   */
  @WhenSent()
  @IsString()
  @IsTimeZone()
  timeZone?: string;

  /**
   * The days the window starts on (a window across midnight ends the next day).
   * @example ["mon", "tue", "wed", "thu", "fri"]
   */
  @ApiProperty({ type: [String], enum: WEEK_DAYS, minItems: 1, maxItems: 7 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  @ArrayUnique()
  @IsIn(WEEK_DAYS, { each: true, message: `days must be among ${WEEK_DAYS.join(', ')}` })
  days: WeekDay[];

  /**
   * The window's start, `HH:mm` (24 h).
   * @example "20:00"
   */
  @Matches(HH_MM, { message: 'from must be HH:mm (00:00 to 23:59)' })
  from: string;

  /**
   * The window's end, `HH:mm`, excluded; before `from`: the window spans midnight. Not equal to `from`.
   * @example "06:00"
   */
  @Matches(HH_MM, { message: 'to must be HH:mm (00:00 to 23:59)' })
  @ValidateBy({
    name: 'differsFromFrom',
    validator: {
      validate: (value, args) => value !== (args?.object as { from?: string }).from,
      defaultMessage: () => 'to must differ from from (an empty window); send schedule: null for always',
    },
  })
  to: string;
}

@StrictBody()
export class AlertRecipientsDto {
  /** Users of the client told in the inbox and by e-mail (each only of assets their trackers include). */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RULE_TARGETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  userIds?: string[];

  /**
   * Other addresses told by e-mail.
   * @example ["turno-noche@example.com"]
   */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RULE_EMAILS)
  @ArrayUnique()
  @IsEmail({}, { each: true, message: 'emails must be e-mail addresses' })
  emails?: string[];
}
