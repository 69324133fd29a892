import { badRequest } from '@app/errors';
import { cellNumber, columnMapper, GridRow, readCsvSheet } from '@app/sheets';
import { startsAsZip } from '@app/zip';
import type { PlaceRow, PlaceRowProblem, PlaceRows } from './place-rows';

/** The columns, in any order: `name`, `lat` and `lng` are required. */
export const CSV_COLUMNS = ['name', 'lat', 'lng', 'radiusM', 'address', 'externalId', 'tags'] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['name', 'lat', 'lng'];

// Compared after `headerKey` (case, spaces, `_` and `-` do not matter).
const mapColumns = columnMapper<Column>({
  name: ['name'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'longitude'],
  radiusM: ['radiusm'],
  address: ['address'],
  externalId: ['externalid', 'external id'],
  tags: ['tags'],
});

const notCsv = () =>
  badRequest(`The file is not a CSV text file: upload a CSV whose first line is the header ${CSV_COLUMNS.join(',')} (any order; ";" between tags).`);

/**
 * A CSV of places (header `name,lat,lng,radiusM,address,externalId,tags`) as import rows: decoded
 * and parsed as the spreadsheet imports do (UTF-8 with or without BOM, UTF-16, Windows-1252; `,`,
 * `;` or tab, found in the header). An unknown, repeated or missing column is a 400.
 */
export async function readCsvPlaceRows(buffer: Buffer): Promise<PlaceRows> {
  if (buffer.length === 0) throw badRequest('The file is empty: upload a CSV with a header row and at least one place.');
  if (startsAsZip(buffer) || buffer.subarray(0, 4096).includes(0)) throw notCsv();
  const [header, ...data] = (await readCsvSheet(buffer)).rows;
  if (!header) throw badRequest('The file has no rows: upload a CSV with a header row and at least one place.');
  const { columns, ignored } = mapColumns(header.cells);
  if (ignored.length > 0) {
    const names = ignored.map(({ header: name, takenBy }) => (takenBy ? `"${name}" (repeats "${takenBy.header}")` : `"${name}"`)).join(', ');
    throw badRequest(`Unknown or repeated column ${names}: the columns are ${CSV_COLUMNS.join(', ')}.`);
  }
  const missing = REQUIRED.filter((column) => columns[column] === undefined);
  if (missing.length > 0) throw badRequest(`The header lacks the column ${missing.join(', ')}: the columns are ${CSV_COLUMNS.join(', ')}.`);
  const rows: PlaceRow[] = [];
  const problems: PlaceRowProblem[] = [];
  for (const line of data) {
    const row = line.number - header.number;
    const read = rowFields(line, columns);
    if (typeof read === 'string') problems.push({ row, message: read });
    else rows.push({ row, fields: read });
  }
  return { rows, problems };
}

/** One line's fields, or why it has none. Columns the header has set their field (an empty tags cell: no tags). */
function rowFields(line: GridRow, columns: Partial<Record<Column, number>>): Record<string, unknown> | string {
  const cell = (column: Column) => (columns[column] === undefined ? undefined : (line.cells[columns[column]] ?? '').trim());
  const [lat, lng, radiusM] = [cellNumber(cell('lat')), cellNumber(cell('lng')), cellNumber(cell('radiusM'))];
  if (lat === undefined || lat === null) return 'lat must be a number of degrees (e.g. -33.4489)';
  if (lng === undefined || lng === null) return 'lng must be a number of degrees (e.g. -70.6693)';
  if (radiusM === null) return 'radiusM must be a number of metres (e.g. 150)';
  const fields: Record<string, unknown> = { name: cell('name'), location: { type: 'Point', coordinates: [lng, lat] } };
  if (radiusM !== undefined) fields.radiusM = radiusM;
  const [address, externalId, tags] = [cell('address'), cell('externalId'), cell('tags')];
  if (address !== undefined) fields.address = address;
  if (externalId) fields.externalId = externalId;
  if (tags !== undefined)
    fields.tags = tags
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean);
  return fields;
}
