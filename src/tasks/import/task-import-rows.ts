import { badRequest } from '@app/errors';
import { cellNumber, columnMapper, readSheetFile, type UploadedSheet } from '@app/sheets';

/** The columns the tasks import reads, in any order; others are ignored (docs/dispatch.md, "Importing tasks"). */
export const TASK_COLUMNS = [
  'title',
  'description',
  'placeId',
  'placeExternalId',
  'lat',
  'lng',
  'radiusM',
  'windowFrom',
  'windowTo',
  'serviceMinutes',
  'assetPlate',
  'driverRut',
  'externalId',
  'priority',
] as const;
export type TaskColumn = (typeof TASK_COLUMNS)[number];
const REQUIRED: readonly TaskColumn[] = ['title', 'windowFrom', 'windowTo'];

/** The most rows one import takes (more: a 400, nothing written). */
export const MAX_TASK_IMPORT_ROWS = 10_000;

// Compared after `headerKey` (case, spaces, `_` and `-` do not matter).
const mapColumns = columnMapper<TaskColumn>(Object.fromEntries(TASK_COLUMNS.map((column) => [column, [column.toLowerCase()]])) as Record<TaskColumn, string[]>);

/** A data row's cells by column (absent: the header lacks it or the cell is empty), with its number (1 = the row after the header). */
export interface TaskImportRow {
  row: number;
  cells: Partial<Record<TaskColumn, string>>;
}

export interface TaskRowProblem {
  row: number;
  message: string;
}

/** The rows of an uploaded CSV or .xlsx of tasks: the header names the columns; a missing required column is a 400. */
export async function readTaskFile(file: UploadedSheet | undefined): Promise<TaskImportRow[]> {
  if (!file) throw badRequest('No file: send the tasks file (CSV or .xlsx) in the multipart/form-data field "file".');
  const [header, ...data] = (await readSheetFile(file.buffer)).rows;
  if (!header) throw badRequest('The file has no rows: upload a CSV or .xlsx with a header row and at least one task.');
  const { columns } = mapColumns(header.cells);
  const missing = REQUIRED.filter((column) => columns[column] === undefined);
  if (missing.length > 0) throw badRequest(`The header lacks the column ${missing.join(', ')}: the columns are ${TASK_COLUMNS.join(', ')}.`);
  if (columns.placeId === undefined && columns.placeExternalId === undefined && (columns.lat === undefined || columns.lng === undefined)) {
    throw badRequest('The header needs placeId, placeExternalId, or lat and lng: where each task is.');
  }
  return data.map((line) => {
    const cells: Partial<Record<TaskColumn, string>> = {};
    for (const column of TASK_COLUMNS) {
      const index = columns[column];
      const text = index === undefined ? '' : (line.cells[index] ?? '').trim();
      if (text !== '') cells[column] = text;
    }
    return { row: line.number - header.number, cells };
  });
}

/**
 * A row's body as `POST /api/tasks` takes it, the names it uses (a place's externalId, a plate, a
 * RUT) left for the importer to turn into ids; or why it has none.
 */
export function rowBody(cells: TaskImportRow['cells']): Record<string, unknown> | string {
  const [lat, lng, radiusM, serviceMinutes] = [cellNumber(cells.lat), cellNumber(cells.lng), cellNumber(cells.radiusM), cellNumber(cells.serviceMinutes)];
  if (lat === null || lng === null) return 'lat and lng must be numbers of degrees (e.g. -33.4489)';
  if (radiusM === null) return 'radiusM must be a number of metres (e.g. 150)';
  if (serviceMinutes === null) return 'serviceMinutes must be a whole number of minutes';
  if ((lat === undefined) !== (lng === undefined)) return 'lat and lng go together';
  const body: Record<string, unknown> = { title: cells.title, window: { from: cells.windowFrom, to: cells.windowTo } };
  if (cells.description) body.description = cells.description;
  if (cells.placeId) body.placeId = cells.placeId;
  if (lat !== undefined) body.location = { lat, lng };
  if (radiusM !== undefined) body.radiusM = radiusM;
  if (serviceMinutes !== undefined) body.serviceMinutes = serviceMinutes;
  if (cells.externalId) body.externalId = cells.externalId;
  if (cells.priority) body.priority = cells.priority;
  return body;
}
