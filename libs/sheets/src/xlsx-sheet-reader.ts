import { CellValue, Workbook } from 'exceljs';
import { badRequest } from '@app/errors';
import type { ZipEntry } from '@app/zip';
import { MAX_UNZIPPED_BYTES } from './sheet-limits';
import { GridRow, isBlankRow, SheetGrid } from './sheet-grid';

const unreadable = () => badRequest('The .xlsx file could not be read: it may be damaged or incomplete. Open it in Excel, save it again and upload it.');

/** The first sheet of a workbook as text cells. `entries` is its ZIP directory, read by the caller. */
export async function readXlsxSheet(buffer: Buffer, entries: readonly ZipEntry[]): Promise<SheetGrid> {
  const inflated = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (inflated > MAX_UNZIPPED_BYTES) {
    throw badRequest("The workbook holds far more data than a driver sheet: keep only the drivers' sheet and upload it again.");
  }
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no sheet.');
  const rows: GridRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    const filled = Array.from(cells, (cell) => cell ?? '');
    if (!isBlankRow(filled)) rows.push({ number: row.number, cells: filled });
  });
  return { format: 'xlsx', sheetName: sheet.name, rows };
}

/**
 * What a person sees in the cell: numbers without exponent or grouping (a phone typed as a
 * number), the text of links and rich text, a formula's result, dates as `YYYY-MM-DD` and
 * date-times as `YYYY-MM-DD HH:mm:ss` (the workbook's wall-clock time: it carries no zone).
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : wallClock(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result);
  return ''; // an error value (#N/A, #REF!…)
}

/** A workbook date (exceljs reads its wall clock as UTC): the day, and the time when it has one. */
function wallClock(value: Date): string {
  const iso = value.toISOString();
  return iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
