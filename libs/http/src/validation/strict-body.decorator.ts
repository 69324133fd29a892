/**
 * Marks a DTO whose unknown fields are refused with 400 instead of silently stripped (the spec
 * forbids extra fields on, e.g., the support ticket and the fuel tariff edit). Strictness
 * belongs to the DTO, so the one global pipe can honour it.
 */
const STRICT_BODY = Symbol('strict-body');

export function StrictBody(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(STRICT_BODY, true, target);
  };
}

export function isStrictBody(metatype: unknown): boolean {
  return typeof metatype === 'function' && Reflect.getMetadata(STRICT_BODY, metatype) === true;
}
