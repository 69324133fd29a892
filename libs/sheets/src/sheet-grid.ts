/** One row of a sheet as text cells: `number` is the row number a spreadsheet shows (header: 1). */
export interface GridRow {
  number: number;
  cells: string[];
}

/** What a file reader gives the preview: the first sheet's rows, and how the file was read. */
export interface SheetGrid {
  format: 'xlsx' | 'csv';
  /** The sheet read (xlsx: the first one). */
  sheetName?: string;
  /** CSV: the encoding the text was read in. */
  encoding?: CsvEncoding;
  /** CSV: the separator found in the header line. */
  delimiter?: ',' | ';' | '\t';
  /** Every row with at least one non-blank cell, in order, the header row first when present. */
  rows: GridRow[];
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le-bom' | 'windows-1252';

/** A row whose cells are all blank is no row at all (spreadsheets leave them between blocks). */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
