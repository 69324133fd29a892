import { ApiHeader } from '@nestjs/swagger';
import { validationFailed } from '@app/errors';

/** What an `Idempotency-Key` may be: a UUID or any other token of the caller's choosing. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The `Idempotency-Key` header's value, checked (400 naming it otherwise); undefined when it was not sent. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) throw validationFailed([{ path: 'Idempotency-Key', message: 'Idempotency-Key must be 8 to 100 letters, digits, or . _ : -' }]);
  return header;
}

/** The optional `Idempotency-Key` header in the OpenAPI document, with what it makes safe. */
export const ApiIdempotencyKey = (description: string): MethodDecorator =>
  ApiHeader({ name: 'Idempotency-Key', required: false, schema: { type: 'string', pattern: KEY_PATTERN.source }, description });
