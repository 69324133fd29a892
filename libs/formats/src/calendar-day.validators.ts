import { applyDecorators } from '@nestjs/common';
import { IsISO8601, IsOptional, IsString, ValidateBy, ValidationOptions } from 'class-validator';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a value is a real calendar day written `YYYY-MM-DD` (`2026-02-30` is not). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day as `YYYY-MM-DD` (the invoice report's period). */
export function IsIsoDay(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(
    IsString(options),
    ValidateBy({ name: 'isIsoDay', validator: { validate: isIsoDay, defaultMessage: () => '$property must be a date in YYYY-MM-DD form' } }, options),
  );
}

/** An instant as a strict ISO 8601 date-time (`2026-11-01T00:00:00-03:00`), e.g. a list's `from`/`to`. */
export function IsIsoDateTime(options: ValidationOptions = {}): PropertyDecorator {
  return IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time', ...options });
}

/** A list's optional bound (`from`, `to`): absent, or an instant as `IsIsoDateTime` reads it. */
export function OptionalIsoDateTime(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsIsoDateTime());
}
