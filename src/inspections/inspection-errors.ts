import { defineErrorCodes } from '@app/errors';

/** The inspection QR errors of the spec: shape E, with the code in the body. */
export const InspectionError = defineErrorCodes({
  INSPECTION_QR_INVALID: { status: 400, shape: 'E' },
  INSPECTION_QR_NOT_FOUND: { status: 404, shape: 'E' },
  INSPECTION_QR_REVOKED: { status: 410, shape: 'E' },
});
