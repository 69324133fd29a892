import { defineErrorCodes } from '@app/errors';

/** A file whose content is none of the accepted types: 415, shape A (decision, docs/inspections-forms-maintenance.md). */
export const UploadError = defineErrorCodes({
  UPLOAD_TYPE_UNSUPPORTED: { status: 415, shape: 'A' },
});
