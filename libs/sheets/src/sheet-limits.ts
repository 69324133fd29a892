/** The largest spreadsheet upload read (multer stops at it: 413). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What an .xlsx may inflate to: a 1000-row sheet is well under 1 MB of XML. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
