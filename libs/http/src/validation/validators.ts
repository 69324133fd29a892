import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { isMultiline, trimText } from './control-characters';

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

/**
 * A string with length bounds; trimmed first (trimText) unless told not to. An empty string breaks
 * one rule, said once: "should not be empty" for a minimum of one character, the minimum otherwise.
 */
export function ValidateText({ optional, min = 1, max, trim = true }: TextOptions): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsString(), min === 1 ? IsNotEmpty() : MinLength(min), MaxLength(max)];
  if (trim) decorators.unshift(trimmed());
  if (optional) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}

/** Trims a string field as trimText does for that field (multiline or not). */
function trimmed(): PropertyDecorator {
  return (target, key) =>
    Transform(({ value }) => (typeof value === 'string' ? trimText(value, isMultiline(target, String(key))) : value))(target, key);
}

/** An email: trimmed like any single-line text and lower-cased, so case never makes two accounts. */
export function NormalizeEmail(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? trimText(value, false).toLowerCase() : value));
}
