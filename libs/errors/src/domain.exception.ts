import { ErrorCode } from './error-codes';

export interface FieldError {
  path: string;
  message: string;
}

/** The only exception services throw: a code from the table, a readable message. */
export class DomainException extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'DomainException';
  }
}

export const notFound = (what = 'Resource') => new DomainException(ErrorCode.NotFound, `${what} not found`);
export const badRequest = (message: string, fieldErrors: FieldError[] = []) => new DomainException(ErrorCode.BadRequest, message, fieldErrors);
export const forbidden = (message = 'You do not have permission to perform this action') => new DomainException(ErrorCode.Forbidden, message);
export const unauthorized = () => new DomainException(ErrorCode.Unauthorized, INVALID_TOKEN_MESSAGE);
export const validationFailed = (fieldErrors: FieldError[]) => new DomainException(ErrorCode.ValidationFailed, describeFieldErrors(fieldErrors), fieldErrors);

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

export function describeFieldErrors(errors: FieldError[]): string {
  if (errors.length === 0) return 'Validation failed';
  // A message that already starts with its field's path ("comment should not be empty") is not prefixed with it again.
  const shown = errors.slice(0, 5).map((e) => (e.path && !e.message.startsWith(`${e.path} `) ? `${e.path}: ${e.message}` : e.message));
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : '';
  return `${shown.join('; ')}${more}`;
}
