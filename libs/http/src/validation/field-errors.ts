import { ValidationError } from 'class-validator';
import { FieldError } from '@app/errors';

/** class-validator's type checks: when one fails, the field's other rules (bounds, lengths) say nothing true of it. */
const TYPE_CONSTRAINTS = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isDate']);

/**
 * Flattens class-validator's tree into `{path, message}` pairs such as `rows.3.rut`. A field sent
 * of the wrong type is told only that (`"10"` for a whole number: "must be an integer number", not
 * also "must not be greater than 604800"); a message is said once per field (`limit` out of 1–200
 * breaks three constraints that share one). Needs the errors' `value` (the pipe keeps it).
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    // A missing field is told every rule (what it must be, how long); one sent of the wrong type only its type.
    const wrongType = error.value === undefined ? [] : constraints.filter(([name]) => TYPE_CONSTRAINTS.has(name));
    const told = new Set((wrongType.length > 0 ? wrongType : constraints).map(([, message]) => message));
    const own = [...told].map((message) => ({ path, message: humanize(message, error) }));
    return [...own, ...toFieldErrors(error.children ?? [], path)];
  });
}

/** The error of a field (or query parameter) the request may not send, named by its last segment. */
export function notAcceptedField(path: string): FieldError {
  return { path, message: `${path.slice(path.lastIndexOf('.') + 1)} is not an accepted field` };
}

// class-validator writes "property x should not exist"; say which field and why in plain words.
function humanize(message: string, error: ValidationError): string {
  if (message.startsWith('property ') && message.endsWith(' should not exist')) {
    return notAcceptedField(error.property).message;
  }
  return message;
}
