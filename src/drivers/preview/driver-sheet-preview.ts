import { badRequest } from '@app/errors';
import { type ColumnMap, columnLetter, type GridRow, type SheetGrid } from '@app/sheets';
import { CandidateRow, DriverImportRow, planImport } from '../import/driver-import-plan';
import { checkRowShapes } from '../import/driver-row-shape';
import { DriverField, HEADER_SPELLINGS, mapColumns, REQUIRED_FIELDS } from './driver-columns';
import { MAX_COLUMNS, MAX_PREVIEW_ROWS } from './preview-limits';

/** A problem of the sheet: `row` is the sheet's row (1: the header), `field` null for the whole row or sheet. */
export interface PreviewProblem {
  row: number;
  field: DriverField | null;
  /** `error`: the row is left out of `rows`; `warning`: worth a look, nothing left out. */
  level: 'error' | 'warning';
  message: string;
}

export interface SheetCheck {
  /** Rows that passed every check needing no database, normalized. */
  candidates: CandidateRow[];
  problems: PreviewProblem[];
  dataRows: number;
}

/**
 * Turns a sheet into import rows with the import's own rules (`checkRowShapes`, `planImport`), so
 * that what the preview accepts the import accepts: columns found by their header, empty cells
 * left out, every problem tied to its row and field. The database check (RUT already registered)
 * is the caller's.
 */
export function checkDriverSheet(grid: SheetGrid): SheetCheck {
  const [header, ...data] = grid.rows;
  const { columns, ignored } = readHeader(header, data.length);
  const problems = headerWarnings(grid, ignored);
  const describe = (field: DriverField) => `Column ${columnLetter(columns[field]!)} "${header.cells[columns[field]!].trim()}"`;
  const complete: DriverImportRow[] = [];
  for (const line of data) {
    const row = shapedRow(line, columns, describe, problems);
    if (row) complete.push(row);
  }
  const plan = planImport(complete);
  for (const { index, problems: rowProblems } of plan.rejected) {
    for (const { field, message } of rowProblems) problems.push({ row: complete[index].row, field, level: 'error', message });
  }
  return { candidates: plan.candidates, problems, dataRows: data.length };
}

/** The driver columns of the header row; a sheet without them, or without drivers or with too many, is refused whole. */
function readHeader(header: GridRow | undefined, dataRows: number): ColumnMap<DriverField> {
  if (!header) throw badRequest('The sheet is empty: write the headers in row 1 and one driver per row below.');
  if (header.number !== 1) throw badRequest('Row 1 must hold the column headers (Nombre, Apellido, RUT, …), and it is empty.');
  if (header.cells.length > MAX_COLUMNS) throw badRequest(`The sheet has ${header.cells.length} columns; a driver sheet has at most ${MAX_COLUMNS}.`);
  const map = mapColumns(header.cells);
  const missing = REQUIRED_FIELDS.filter((field) => map.columns[field] === undefined);
  if (missing.length > 0) {
    const names = missing.map((field) => `${field} (headers accepted: ${HEADER_SPELLINGS[field].join(', ')})`).join('; ');
    throw badRequest(`The sheet has no column for ${names}. Row 1 must hold the headers.`);
  }
  if (dataRows === 0) throw badRequest('The sheet has headers but no drivers below them.');
  if (dataRows > MAX_PREVIEW_ROWS) {
    throw badRequest(`The sheet has ${dataRows} drivers; at most ${MAX_PREVIEW_ROWS} can be imported at once: split it into several files.`);
  }
  return map;
}

/** The header's ignored columns, and a file not read as UTF-8. */
function headerWarnings(grid: SheetGrid, ignored: ColumnMap<DriverField>['ignored']): PreviewProblem[] {
  const problems: PreviewProblem[] = ignored.map(({ index, header: text, takenBy }) => ({
    row: 1,
    field: null,
    level: 'warning' as const,
    message: takenBy
      ? `Column ${columnLetter(index)} "${text}" is ignored: column ${columnLetter(takenBy.index)} "${takenBy.header}" already holds that field.`
      : `Column ${columnLetter(index)} "${text}" is not a driver field and is ignored.`,
  }));
  if (grid.encoding === 'windows-1252') {
    problems.push({
      row: 1,
      field: null,
      level: 'warning',
      message: 'The file is not UTF-8: it was read as Windows-1252 (Latin-1). Check that accented letters look right.',
    });
  }
  return problems;
}

/** A data row as the import takes it, or null when a required cell is empty or a value is malformed (its problems added). */
function shapedRow(
  { number, cells }: GridRow,
  columns: ColumnMap<DriverField>['columns'],
  describe: (field: DriverField) => string,
  problems: PreviewProblem[],
): DriverImportRow | null {
  const source: Record<string, unknown> = { row: number };
  for (const [field, index] of Object.entries(columns) as Array<[DriverField, number]>) {
    const value = cells[index]?.trim();
    if (value) source[field] = value;
  }
  const empty = REQUIRED_FIELDS.filter((field) => source[field] === undefined);
  for (const field of empty) {
    problems.push({ row: number, field, level: 'error', message: `${describe(field)} is empty: a driver needs a first name, a last name and a RUT.` });
  }
  if (empty.length > 0) return null;
  const { rows, errors } = checkRowShapes([source]);
  for (const error of errors) {
    const field = error.path.split('.')[2];
    const known = field in columns ? (field as DriverField) : null; // else `row`: a CSV past Excel's last row
    problems.push({ row: number, field: known, level: 'error', message: `${known ? describe(known) : 'Row number'}: ${error.message}.` });
  }
  return errors.length === 0 ? rows[0] : null;
}
