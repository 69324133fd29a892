import { DriverImportRowDto } from '../dto/import-drivers.dto';

/** A problem of the sheet, tied to its row and field. */
export class PreviewProblemView {
  /** The sheet's row number (1: the header row). */
  row: number;
  /** `firstName`, `lastName`, `rut`, `phone`, `email`, `address`, `city`, or null for the whole row or sheet. */
  field: string | null;
  /** `error`: the row is left out of `rows`; `warning`: worth a look, nothing left out. */
  level: 'error' | 'warning';
  /** A sentence saying what is wrong and how to fix it. */
  message: string;
}

/** How the file was read, and what came of it. */
export class PreviewSummaryView {
  /** `xlsx` or `csv`, as told by the file's content. */
  format: 'xlsx' | 'csv';
  /** The sheet read (.xlsx: the first one). */
  sheetName?: string;
  /** CSV: `utf-8`, `utf-8-bom`, `utf-16le-bom` or `windows-1252`. */
  encoding?: string;
  /** CSV: the separator found in the header line (`,`, `;` or a tab). */
  delimiter?: string;
  /** Non-blank rows below the header. */
  totalRows: number;
  /** Rows in `rows`, ready to import. */
  validRows: number;
  /** Rows left out because of an error. */
  invalidRows: number;
  /** Warnings among the problems. */
  warnings: number;
}

/** The preview of a driver sheet: post `rows` unchanged to `POST /api/drivers/import`. */
export class DriverImportPreviewView {
  /** The rows without errors, as import rows, normalized; in sheet order. */
  rows: DriverImportRowDto[];
  /** Every problem found, by row then column. */
  problems: PreviewProblemView[];
  summary: PreviewSummaryView;
}
