/**
 * Error codes and the HTTP status and body shape (spec "Errors", A–E) each becomes. Services
 * throw `DomainException(code)` and never import HTTP exceptions; the one filter of `@app/http`
 * looks the code up here. The generic codes are below; a domain defines its own codes next to
 * the code that throws them, with `defineErrorCodes` (e.g. `src/inspections/inspection-errors.ts`).
 */
export enum ErrorCode {
  BadRequest = 'BAD_REQUEST',
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthorized = 'UNAUTHORIZED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  Internal = 'INTERNAL',
  DependencyFailed = 'DEPENDENCY_FAILED',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
}

/** A: `{error}`; B: `{message}`; C: import validation; D: portal; E: inspection QR. */
export type ErrorShape = 'A' | 'B' | 'C' | 'D' | 'E';

export interface ErrorCodeRule {
  status: number;
  shape: ErrorShape;
  /** The code written into shapes D and E, when it differs from the code itself. */
  publicCode?: string;
}

const rules = new Map<string, ErrorCodeRule>([
  [ErrorCode.BadRequest, { status: 400, shape: 'A' }],
  [ErrorCode.ValidationFailed, { status: 400, shape: 'A' }],
  [ErrorCode.Unauthorized, { status: 401, shape: 'A' }],
  [ErrorCode.Forbidden, { status: 403, shape: 'A' }],
  [ErrorCode.NotFound, { status: 404, shape: 'A' }],
  [ErrorCode.Conflict, { status: 409, shape: 'A' }],
  [ErrorCode.PayloadTooLarge, { status: 413, shape: 'A' }],
  [ErrorCode.TooManyRequests, { status: 429, shape: 'A' }],
  [ErrorCode.Internal, { status: 500, shape: 'B' }],
  // An upstream dependency (flespi) failed: the endpoints document 500 shape B for it.
  [ErrorCode.DependencyFailed, { status: 500, shape: 'B' }],
  [ErrorCode.ServiceUnavailable, { status: 503, shape: 'B' }],
]);

/**
 * Registers a domain's codes with their rules and returns the codes by name, to throw with
 * `DomainException`. A code is defined once across the app (a second definition is a bug).
 */
export function defineErrorCodes<K extends string>(definitions: Record<K, ErrorCodeRule>): { readonly [P in K]: P } {
  const codes = {} as { [P in K]: P };
  for (const code of Object.keys(definitions) as K[]) {
    if (rules.has(code)) throw new Error(`Error code ${code} is defined twice`);
    rules.set(code, definitions[code]);
    codes[code] = code;
  }
  return codes;
}

/** The rule of a code; an unknown code is an internal error. */
export function errorCodeRule(code: string): ErrorCodeRule {
  return rules.get(code) ?? { status: 500, shape: 'B' };
}

/** Every code with its rule (the OpenAPI document lists them). */
export function errorCodeRules(): ReadonlyMap<string, ErrorCodeRule> {
  return rules;
}
