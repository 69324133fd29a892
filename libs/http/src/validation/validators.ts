import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/**
 * Composite validators for the fields that recur across DTOs, so a DTO reads as one line per
 * field. The fleet's field formats (ObjectId, RUT, Crockford codes, DD/MM/YYYY dates, fuel grades)
 * and their validators live in `@app/formats`.
 */

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
