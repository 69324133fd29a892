import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

const ACCEPTS_NULL = Symbol('acceptsNull');

export interface WhenSentOptions {
  /**
   * `null` is accepted, without the other validators: it reaches the service, which clears the
   * field (a PATCH of a field the record may lack).
   */
  nullable?: boolean;
  /** `null` is accepted and dropped, as if the field were left out (a POST's optional field the record may lack). */
  nullAsAbsent?: boolean;
}

/**
 * A field that may be left out (a PATCH field, or an optional field of a POST): validated when
 * the body has it. `null` is validated too, so refused (400), rather than skipped as
 * `@IsOptional()` would, which hands the service a `null` it does not expect; only `nullable` or
 * `nullAsAbsent` accept it, and the OpenAPI document marks just those fields `nullable`.
 */
export const WhenSent = ({ nullable = false, nullAsAbsent = false }: WhenSentOptions = {}): PropertyDecorator => {
  const decorators: PropertyDecorator[] = [ValidateIf((_: object, value: unknown) => value !== undefined && !(nullable && value === null))];
  if (nullable || nullAsAbsent) decorators.push((target, key) => Reflect.defineMetadata(ACCEPTS_NULL, true, target, key));
  if (nullAsAbsent) decorators.push(Transform(({ value }: { value: unknown }) => (value === null ? undefined : value)));
  return applyDecorators(...decorators);
};

/** Does this DTO property accept `null` (`WhenSent({ nullable })` or `WhenSent({ nullAsAbsent })`)? */
export function acceptsNull(prototype: object, key: string): boolean {
  return Reflect.getMetadata(ACCEPTS_NULL, prototype, key) === true;
}
