import { defineErrorCodes } from '@app/errors';

export const ReportFileError = defineErrorCodes({
  /** A mailed report link past its seven days (its file is deleted soon after). */
  REPORT_LINK_EXPIRED: { status: 410, shape: 'A' },
});
