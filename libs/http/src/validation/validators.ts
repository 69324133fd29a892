import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
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
 * The maximum holds for the text as sent, spaces included, as the OpenAPI document's `maxLength`
 * says: a text over it is refused, not trimmed until it fits.
 */
export function ValidateText({ optional, min = 1, max, trim = true }: TextOptions): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsString(), min === 1 ? IsNotEmpty() : MinLength(min), MaxLength(max)];
  if (trim) decorators.unshift(trimmed(max));
  if (optional) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}

/** Trims a string field as trimText does for that field (multiline or not), unless it is longer than `max`. */
function trimmed(max: number): PropertyDecorator {
  return (target, key) =>
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && value.length <= max ? trimText(value, isMultiline(target, String(key))) : value,
    )(target, key);
}

/**
 * A field holding one object validated as its DTO class. `@ValidateNested()` alone lets a missing
 * value through (and an array, whose items it validates instead): a required object left out
 * reached the service as `undefined`. Optional objects add `@WhenSent()` as any other field.
 */
export function ValidateNestedObject(type: () => ClassType): PropertyDecorator {
  return applyDecorators(IsObject(), ValidateNested(), Type(type));
}

/** An email: trimmed like any single-line text and lower-cased, so case never makes two accounts. */
export function NormalizeEmail(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? trimText(value, false).toLowerCase() : value));
}
