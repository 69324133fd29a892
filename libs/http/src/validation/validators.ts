import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidationOptions } from 'class-validator';

/**
 * Composite validators for the fields that recur across DTOs, so a DTO reads as one line per
 * field. Domain-specific formats (RUT, Crockford codes, DD/MM/YYYY dates, fuel grades) live
 * beside these in this folder.
 */

export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export function isObjectIdString(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

/** A 24-hex-character document id (or an array of them with `each`). */
export function IsObjectIdString(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(
    IsString(options),
    Matches(OBJECT_ID_PATTERN, { ...options, message: `$property must be a 24-character hexadecimal id` }),
  );
}

export interface TextOptions {
  optional?: boolean;
  min?: number;
  max: number;
  trim?: boolean;
}

/** A string with length bounds; trimmed first unless told not to. */
export function ValidateText({ optional, min = 1, max, trim = true }: TextOptions): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsString(), MinLength(min), MaxLength(max)];
  if (min > 0) decorators.push(IsNotEmpty());
  if (trim) decorators.unshift(Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)));
  if (optional) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}
