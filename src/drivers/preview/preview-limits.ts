import { MAX_IMPORT_ROWS } from '../dto/import-drivers.dto';

/** The largest upload the preview reads (multer stops at it: 413). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Data rows below the header: what one import takes. */
export const MAX_PREVIEW_ROWS = MAX_IMPORT_ROWS;
/** Columns read from the header row; a driver sheet has seven. */
export const MAX_COLUMNS = 50;
/** What an .xlsx may inflate to: a 1000-row driver sheet is well under 1 MB of XML. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
