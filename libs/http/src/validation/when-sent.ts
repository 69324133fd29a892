import { ValidateIf } from 'class-validator';

/**
 * A PATCH field: validated when the body has it. `null` is validated too (so refused) rather
 * than skipped as `@IsOptional()` would, which would write `null` over a required value; with
 * `nullable`, `null` is accepted without the other validators (it clears the field).
 */
export const WhenSent = ({ nullable = false }: { nullable?: boolean } = {}): PropertyDecorator =>
  ValidateIf((_: object, value: unknown) => value !== undefined && !(nullable && value === null));
