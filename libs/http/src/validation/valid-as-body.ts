import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describeFieldErrors } from '@app/errors';
import { findControlCharacters } from './control-characters';
import { toFieldErrors } from './field-errors';

/**
 * Plain fields (an import's row) checked by a body DTO's own decorators, as the request pipe
 * applies them (unknown fields refused, text trimmed, no control characters): a row is accepted
 * exactly when the same body would be. Answers the DTO, or one message naming every problem.
 */
export async function validAsBody<T extends object>(type: new () => T, fields: Record<string, unknown>): Promise<{ value: T } | { message: string }> {
  const value = plainToInstance(type, fields, { enableImplicitConversion: false });
  const errors = await validate(value, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: true },
  });
  const problems = errors.length > 0 ? toFieldErrors(errors) : findControlCharacters(value);
  return problems.length > 0 ? { message: describeFieldErrors(problems) } : { value };
}
