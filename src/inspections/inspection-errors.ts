import { defineErrorCodes, DomainException } from '@app/errors';

/** The inspection QR errors of the spec: shape E, with the code in the body. */
export const InspectionError = defineErrorCodes({
  INSPECTION_QR_INVALID: { status: 400, shape: 'E' },
  INSPECTION_QR_NOT_FOUND: { status: 404, shape: 'E' },
  INSPECTION_QR_REVOKED: { status: 410, shape: 'E' },
});

/** A code that is unknown, another client's, or of an asset outside the caller's trackers or archived: all alike. */
export const qrCodeNotFound = () => new DomainException(InspectionError.INSPECTION_QR_NOT_FOUND, 'QR code not found');

/** A code revoked by a replacement (410: the asset has a newer one). */
export const qrCodeReplaced = () =>
  new DomainException(InspectionError.INSPECTION_QR_REVOKED, 'This QR code was replaced and is no longer valid: scan the new QR of the asset');
