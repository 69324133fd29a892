import { ValidateBy, ValidationOptions } from 'class-validator';
import { IANAZone } from 'luxon';

/** An IANA time zone name that this runtime knows (`America/Santiago`). */
export const isTimeZone = (value: unknown): value is string => typeof value === 'string' && IANAZone.isValidZone(value);

/** Validates an IANA time zone name: what schedules and rules are read in. */
export function IsTimeZone(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTimeZone',
      validator: { validate: isTimeZone, defaultMessage: (args) => `${args?.property ?? 'timeZone'} must be an IANA time zone such as America/Santiago` },
    },
    options,
  );
}
