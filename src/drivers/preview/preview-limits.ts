import { MAX_IMPORT_ROWS } from '../dto/import-drivers.dto';

/** Data rows below the header: what one import takes. */
export const MAX_PREVIEW_ROWS = MAX_IMPORT_ROWS;
/** Columns read from the header row; a driver sheet has seven. */
export const MAX_COLUMNS = 50;
