import type { Type } from '@nestjs/common';

/**
 * Marks a DTO whose unknown fields are refused with 400 instead of silently stripped (the spec
 * forbids extra fields on, e.g., the support ticket and the fuel tariff edit). Strictness
 * belongs to the DTO, so the one global pipe can honour it — and the OpenAPI document, which
 * gives these DTOs' schemas `additionalProperties: false` (`strictBodyClasses`).
 */
const STRICT_BODY = Symbol('strict-body');
const STRICT_CLASSES = new Set<Type>();

export function StrictBody(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(STRICT_BODY, true, target);
    STRICT_CLASSES.add(target as unknown as Type);
  };
}

export function isStrictBody(metatype: unknown): boolean {
  return typeof metatype === 'function' && Reflect.getMetadata(STRICT_BODY, metatype) === true;
}

/** Every class marked `@StrictBody()` so far (all of them once the app's modules are loaded). */
export function strictBodyClasses(): readonly Type[] {
  return [...STRICT_CLASSES];
}
