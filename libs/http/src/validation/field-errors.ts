import { ValidationError } from 'class-validator';
import { FieldError } from '@app/errors';

/** Flattens class-validator's tree into `{path, message}` pairs such as `rows.3.rut`. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // A message once per field: several constraints may share one (`limit` out of 1–200 breaks three).
    const own = [...new Set(Object.values(error.constraints ?? {}))].map((message) => ({ path, message: humanize(message, error) }));
    return [...own, ...toFieldErrors(error.children ?? [], path)];
  });
}

// class-validator writes "property x should not exist"; say which field and why in plain words.
function humanize(message: string, error: ValidationError): string {
  if (message.startsWith('property ') && message.endsWith(' should not exist')) {
    return `${error.property} is not an accepted field`;
  }
  return message;
}
