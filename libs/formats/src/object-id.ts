import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, Matches, ValidationOptions } from 'class-validator';

export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export function isObjectIdString(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

/** A 24-hex-character document id (or an array of them with `each`). */
export function IsObjectIdString(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(IsString(options), Matches(OBJECT_ID_PATTERN, { ...options, message: `$property must be a 24-character hexadecimal id` }));
}

/** An optional filter or field holding a document id: absent (or `null`) is fine, anything else must be one. */
export function IsOptionalObjectId(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsObjectIdString());
}
