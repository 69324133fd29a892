import { badRequest } from '@app/errors';

/** The largest spreadsheet upload read (multer stops at it: 413). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What an .xlsx may inflate to: a 1000-row sheet is well under 1 MB of XML. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

/** An import's rows: at least one (`what` the file should hold, "places"), at most `max`; otherwise a 400 saying what to do. */
export function checkImportSize(rows: number, max: number, what: string): void {
  if (rows === 0) throw badRequest(`The file has no ${what}: add at least one row after the header.`);
  if (rows > max) throw badRequest(`An import takes at most ${max.toLocaleString('en')} rows; this file has ${rows}: split it.`);
}
