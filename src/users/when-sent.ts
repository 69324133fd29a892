import { ValidateIf } from 'class-validator';

/**
 * A PATCH field: validated when the body has it, and `null` is validated (so refused) rather than
 * skipped as `@IsOptional()` would, which would write `null` over a required value.
 */
export const WhenSent = (): PropertyDecorator => ValidateIf((_: object, value: unknown) => value !== undefined);
