import { DateTime } from 'luxon';
import { columnLetter, columnMapper, type GridRow, type SheetGrid } from '@app/sheets';
import { parseFleetDate } from '@app/formats';
import type { RefuelPreviewRowView } from './refuel-import.view';

/** Rows one statement may hold: what one import takes. */
export const MAX_REFUEL_ROWS = 1000;

export type RefuelColumn = 'asset' | 'occurredAt' | 'liters' | 'pricePerLiter' | 'totalCost' | 'station' | 'odometerKm';

/** The header spellings of a fuel-card statement, Spanish and English (docs/fuel-cargo.md, "Refuel import"). */
export const REFUEL_HEADERS: Record<RefuelColumn, readonly string[]> = {
  asset: ['patente', 'placa', 'vehiculo', 'activo', 'camion', 'plate', 'license plate', 'vehicle', 'asset'],
  occurredAt: ['fecha', 'fecha hora', 'fecha y hora', 'fecha transaccion', 'date', 'date time', 'datetime', 'transaction date'],
  liters: ['litros', 'cantidad', 'volumen', 'liters', 'litres', 'quantity', 'volume'],
  pricePerLiter: ['precio', 'precio litro', 'precio por litro', 'precio unitario', 'price', 'price per liter', 'price per litre', 'unit price'],
  totalCost: ['total', 'monto', 'importe', 'monto total', 'amount', 'total amount', 'total cost'],
  station: ['estacion', 'estacion de servicio', 'servicentro', 'comercio', 'station', 'merchant'],
  odometerKm: ['odometro', 'kilometraje', 'km', 'odometer', 'mileage'],
};

const REQUIRED: readonly RefuelColumn[] = ['asset', 'occurredAt', 'liters'];
const mapColumns = columnMapper(REFUEL_HEADERS);
type RefuelColumns = ReturnType<typeof mapColumns>['columns'];

/** A statement row as the import takes it (the asset resolved by plate or name): the preview answers it as read. */
export type RefuelImportRow = RefuelPreviewRowView;

export interface SheetProblem {
  row: number;
  field: RefuelColumn | null;
  message: string;
}

/**
 * A number as statements write it: `1049.9`, `1.049,90` (the Chilean way), `1,049.90`, `$ 1.050`.
 * Null when it is not one.
 */
export function statementNumber(text: string): number | null {
  let t = text.replace(/[$\s]/g, '');
  if (t === '') return null;
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  if (comma > dot)
    t = t.replace(/\./g, '').replace(',', '.'); // 1.049,90
  else if (dot > comma && comma !== -1)
    t = t.replace(/,/g, ''); // 1,049.90
  else if (dot !== -1 && /^\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, ''); // 1.050 (thousands)
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

/** A date as statements write it, in the client's zone: `DD/MM/YYYY[ HH:mm[:ss]]`, `YYYY-MM-DD[ HH:mm[:ss]]`, or ISO 8601 with an offset. */
export function statementDate(text: string, zone: string): DateTime | null {
  const fleet = parseFleetDate(text.trim(), zone, 'from');
  if (fleet) return fleet;
  const iso = DateTime.fromISO(text.trim().replace(' ', 'T'), { zone, setZone: true });
  return iso.isValid ? iso : null;
}

/**
 * Reads a statement's grid into import rows and problems by row and field. `assetOf` finds an
 * asset of the caller's by plate or name (null: none). Nothing is written.
 */
export function readRefuelSheet(
  grid: SheetGrid,
  zone: string,
  assetOf: (text: string) => string | null,
): { rows: RefuelImportRow[]; problems: SheetProblem[] } {
  const [header, ...data] = grid.rows;
  const read = readHeader(header, data.length);
  if (!read.columns) return { rows: [], problems: read.problems };
  const { columns, problems } = read;
  const rows: RefuelImportRow[] = [];
  for (const line of data) {
    const row = readLine(line, columns, zone, assetOf, problems);
    if (row) rows.push(row);
  }
  return { rows, problems };
}

/** The statement's columns from its header row, with the columns it ignores; no columns when the sheet cannot be read (the problems say why). */
function readHeader(header: GridRow | undefined, dataRows: number): { columns?: RefuelColumns; problems: SheetProblem[] } {
  if (!header) return { problems: [{ row: 1, field: null, message: 'The sheet is empty: the first row must name the columns (patente, fecha, litros, …).' }] };
  const { columns, ignored } = mapColumns(header.cells);
  const problems: SheetProblem[] = ignored.map(({ index, header: text }) => ({
    row: header.number,
    field: null,
    message: `Column ${columnLetter(index)} "${text}" is not a refuel field and is ignored.`,
  }));
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length) {
    const message = `The header row lacks ${missing.join(', ')}: name the columns as the template does (patente, fecha, litros).`;
    return { problems: [...problems, { row: header.number, field: null, message }] };
  }
  if (dataRows > MAX_REFUEL_ROWS)
    return {
      problems: [{ row: header.number, field: null, message: `The sheet holds ${dataRows} rows; one import takes at most ${MAX_REFUEL_ROWS}: split it.` }],
    };
  return { columns, problems };
}

/** A statement line as an import row, or null when a cell is wrong (its problems added). */
function readLine(
  line: GridRow,
  columns: RefuelColumns,
  zone: string,
  assetOf: (text: string) => string | null,
  problems: SheetProblem[],
): RefuelImportRow | null {
  const cell = (field: RefuelColumn) => (columns[field] === undefined ? '' : (line.cells[columns[field]] ?? '').trim());
  const fail = (field: RefuelColumn, message: string) => problems.push({ row: line.number, field, message });
  const before = problems.length;
  const assetId = assetOf(cell('asset'));
  if (!assetId) fail('asset', cell('asset') ? `No asset "${cell('asset')}" among your assets (by plate or name)` : 'The asset is missing');
  const date = statementDate(cell('occurredAt'), zone);
  if (!date) fail('occurredAt', `"${cell('occurredAt')}" is not a date (DD/MM/YYYY HH:mm)`);
  const liters = statementNumber(cell('liters'));
  if (liters === null || liters <= 0) fail('liters', `"${cell('liters')}" is not a number of litres`);
  const optional = (field: 'pricePerLiter' | 'totalCost' | 'odometerKm') => {
    if (!cell(field)) return undefined;
    const value = statementNumber(cell(field));
    if (value === null || value < 0) fail(field, `"${cell(field)}" is not a number`);
    return value ?? undefined;
  };
  const pricePerLiter = optional('pricePerLiter');
  const totalCost = optional('totalCost');
  const odometerKm = optional('odometerKm');
  if (problems.length > before) return null;
  return {
    row: line.number,
    assetId: assetId!,
    occurredAt: date!.toISO()!,
    liters: liters!,
    ...(pricePerLiter !== undefined ? { pricePerLiter } : {}),
    ...(totalCost !== undefined ? { totalCost } : {}),
    ...(cell('station') ? { station: cell('station').slice(0, 200) } : {}),
    ...(odometerKm !== undefined ? { odometerKm } : {}),
  };
}
