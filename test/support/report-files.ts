import ExcelJS from 'exceljs';
import type request from 'supertest';

/** A supertest parser that keeps a binary answer (a workbook, a PDF, an image) whole, as a Buffer. */
export const binaryBody = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** An xlsx file read back with exceljs. */
export async function readWorkbook(xlsx: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as never);
  return workbook;
}

/** A worksheet's rows from the first, each row's cells from the first column. */
export const worksheetRows = (sheet: ExcelJS.Worksheet): unknown[][] =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));

/** The rows of an xlsx file's first worksheet. */
export const sheetRows = async (xlsx: Buffer): Promise<unknown[][]> => worksheetRows((await readWorkbook(xlsx)).worksheets[0]);
