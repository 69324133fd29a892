import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, ValidateBy, ValidationOptions } from 'class-validator';
import { DateTime } from 'luxon';

/**
 * The spec's date parameters: `DD/MM/YYYY` (a whole day), `DD/MM/YYYY HH:mm` and
 * `DD/MM/YYYY HH:mm:ss`, read in a time zone (the caller's client's). A date-only `from` starts
 * the day (00:00:00) and a date-only `to` ends it (23:59:59); with a time, the time is exact
 * (`HH:mm` is `HH:mm:00`).
 */
const FLEET_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export type FleetDateBound = 'from' | 'to';

interface FleetDateParts {
  day: number;
  month: number;
  year: number;
  hour?: number;
  minute?: number;
  second?: number;
}

function partsOf(text: string): FleetDateParts | null {
  const match = FLEET_DATE.exec(text);
  if (!match) return null;
  const [day, month, year] = [match[1], match[2], match[3]].map(Number);
  if (match[4] === undefined) return { day, month, year };
  const [hour, minute, second] = [match[4], match[5], match[6] ?? '0'].map(Number);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { day, month, year, hour, minute, second };
}

/** Whether `text` is one of the three formats and names a real calendar date and time. */
export function isFleetDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const parts = partsOf(text);
  return parts !== null && DateTime.fromObject({ ...parts }, { zone: 'utc' }).isValid;
}

/**
 * The instant `text` names in `zone`, or null when it is not a valid fleet date. A local time
 * skipped by a daylight-saving change moves forward to the first valid one (luxon's rule).
 */
export function parseFleetDate(text: string, zone: string, bound: FleetDateBound): DateTime | null {
  const parts = partsOf(text);
  if (!parts) return null;
  const wholeDay = parts.hour === undefined;
  const date = DateTime.fromObject(
    { day: parts.day, month: parts.month, year: parts.year, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 },
    { zone },
  );
  if (!date.isValid || date.day !== parts.day) return null;
  if (!wholeDay || bound === 'from') return date;
  // The day's last second: the next local midnight minus one second (days may be 23 or 25 hours).
  return date.plus({ days: 1 }).startOf('day').minus({ seconds: 1 });
}

/** A `DD/MM/YYYY[ HH:mm[:ss]]` string (checked as a real date; the zone is applied later). */
export function IsFleetDate(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(
    IsString(options),
    Matches(FLEET_DATE, { ...options, message: '$property must be a date as DD/MM/YYYY, DD/MM/YYYY HH:mm or DD/MM/YYYY HH:mm:ss' }),
    ValidateBy({ name: 'isFleetDate', validator: { validate: isFleetDate, defaultMessage: () => '$property is not a real calendar date and time' } }, options),
  );
}
