import { Transform } from 'class-transformer';

/**
 * Query strings are text: these turn the spellings a parameter may take into their values, and
 * leave anything else as sent for the validators after them to refuse with their own message.
 */

/** Up to nine digits become a number (`limit=20`, `status=3`). */
export const QueryWholeNumber = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value));

/** `true` and `false`, exactly, become a boolean. */
export const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));
