import { badRequest } from '@app/errors';
import { readZipDirectory, startsAsZip } from '@app/zip';
import { notText, readCsvSheet } from './csv-sheet-reader';
import { SheetGrid } from './sheet-grid';
import { readXlsxSheet } from './xlsx-sheet-reader';

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Reads an uploaded sheet by what it holds, not by its name: an .xlsx is a ZIP archive listing
 * `[Content_Types].xml`; anything else must be CSV text. A damaged file is a 400 naming what to do.
 */
export async function readSheetFile(buffer: Buffer): Promise<SheetGrid> {
  if (buffer.length === 0) throw badRequest('The file is empty.');
  if (startsAsZip(buffer)) {
    const entries = readZipDirectory(buffer);
    if (!entries) throw badRequest('The .xlsx file is incomplete or damaged (its ZIP directory is missing): upload it again.');
    if (!entries.some((entry) => entry.name === '[Content_Types].xml')) {
      throw badRequest('The file is a ZIP archive but not an .xlsx workbook: upload the .xlsx or a CSV file.');
    }
    return readXlsxSheet(buffer, entries);
  }
  if (buffer.subarray(0, 8).equals(OLE2)) {
    throw badRequest('The file is an old Excel workbook (.xls): save it as .xlsx or as CSV and upload it again.');
  }
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') throw notText();
  return readCsvSheet(buffer);
}
