/**
 * Every error a service may raise, with the HTTP status and body shape (spec "Errors", A–E) it
 * becomes. Services throw `DomainException(code)` and never import HTTP exceptions; the filter
 * turns the code into the response.
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
  PortalUnavailable = 'PORTAL_UNAVAILABLE',
  PortalTimeout = 'PORTAL_TIMEOUT',
  InspectionQrInvalid = 'INSPECTION_QR_INVALID',
  InspectionQrNotFound = 'INSPECTION_QR_NOT_FOUND',
  InspectionQrRevoked = 'INSPECTION_QR_REVOKED',
}

/** A: `{error}`; B: `{message}`; C: import validation; D: portal; E: inspection QR. */
export type ErrorShape = 'A' | 'B' | 'C' | 'D' | 'E';

export interface ErrorCodeRule {
  status: number;
  shape: ErrorShape;
  /** The code written into shapes D and E, when it differs from the enum value. */
  publicCode?: string;
}

export const ERROR_CODE_RULES: Record<ErrorCode, ErrorCodeRule> = {
  [ErrorCode.BadRequest]: { status: 400, shape: 'A' },
  [ErrorCode.ValidationFailed]: { status: 400, shape: 'A' },
  [ErrorCode.Unauthorized]: { status: 401, shape: 'A' },
  [ErrorCode.Forbidden]: { status: 403, shape: 'A' },
  [ErrorCode.NotFound]: { status: 404, shape: 'A' },
  [ErrorCode.Conflict]: { status: 409, shape: 'A' },
  [ErrorCode.PayloadTooLarge]: { status: 413, shape: 'A' },
  [ErrorCode.TooManyRequests]: { status: 429, shape: 'A' },
  [ErrorCode.Internal]: { status: 500, shape: 'B' },
  // An upstream dependency (flespi) failed: the endpoints document 500 shape B for it.
  [ErrorCode.DependencyFailed]: { status: 500, shape: 'B' },
  [ErrorCode.ServiceUnavailable]: { status: 503, shape: 'B' },
  [ErrorCode.PortalUnavailable]: { status: 503, shape: 'D' },
  // The ticket may have been created: answered apart from 503 so that clients do not resend it.
  [ErrorCode.PortalTimeout]: { status: 504, shape: 'D', publicCode: ErrorCode.PortalUnavailable },
  [ErrorCode.InspectionQrInvalid]: { status: 400, shape: 'E' },
  [ErrorCode.InspectionQrNotFound]: { status: 404, shape: 'E' },
  [ErrorCode.InspectionQrRevoked]: { status: 410, shape: 'E' },
};
