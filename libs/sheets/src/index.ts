// Spreadsheet uploads (driver sheets, fuel-card statements): one file from a multipart form,
// read by content as .xlsx or CSV into a grid of text cells, with the limits and refusals of each.
export * from './csv-sheet-reader';
export * from './sheet-columns';
export * from './sheet-file-reader';
export * from './sheet-grid';
export * from './sheet-limits';
export * from './sheet-upload.interceptor';
export * from './xlsx-sheet-reader';
