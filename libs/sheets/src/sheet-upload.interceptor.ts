import { SingleFileUpload, type UploadedFileBytes } from '@app/http';
import { MAX_UPLOAD_BYTES } from './sheet-limits';

/** The part of multer's file the preview reads (memory storage: the bytes are in `buffer`). */
export type UploadedSheet = UploadedFileBytes;

/** The upload's form field. */
export const SHEET_FIELD = 'file';

/**
 * Reads one spreadsheet upload from the field `file`: at most 5 MB (413 over it), one file, a few
 * small fields; anything multer or busboy refuses is a 400 of shape A.
 */
export const SheetUpload = () =>
  SingleFileUpload({
    field: SHEET_FIELD,
    maxBytes: MAX_UPLOAD_BYTES,
    tooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: split the sheet into smaller files.`,
  });
