import { defineErrorCodes } from '@app/errors';

/** The portal errors of the spec: shape D, with the request id. */
export const PortalError = defineErrorCodes({
  PORTAL_UNAVAILABLE: { status: 503, shape: 'D' },
  // The ticket may have been created: answered apart from 503 so that clients do not resend it.
  PORTAL_TIMEOUT: { status: 504, shape: 'D', publicCode: 'PORTAL_UNAVAILABLE' },
});
