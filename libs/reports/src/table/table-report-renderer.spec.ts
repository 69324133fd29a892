import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { DomainException } from '@app/errors';
import type { PdfRenderer } from '../pdf/pdf-renderer.service';
import { MAX_PDF_ROWS, TableReportRenderer } from './table-report-renderer.service';
import { tableWorkbook, type TableReport } from './table-report';
import { CLP_FORMAT } from '../excel/excel-styles';

describe('TableReportRenderer', () => {
  const printed: string[] = [];
  // One blank page per print: what is checked here is what is asked of the printer.
  const onePage = async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    return Buffer.from(await doc.save());
  };
  const pdf = { render: async (html: string) => (printed.push(html), onePage()) } as unknown as PdfRenderer;
  const report = (rows: number): TableReport => ({
    title: 'Informe',
    clientName: 'Cliente',
    timeZone: 'America/Santiago',
    periodLabel: 'ayer',
    generatedAt: new Date(),
    language: 'es',
    columns: [{ title: 'N' }, { title: 'Nota' }],
    rows: Array.from({ length: rows }, (_, i) => [i, 'ok']),
    isTotal: () => false,
  });
  beforeEach(() => (printed.length = 0));

  it('refuses a PDF past MAX_PDF_ROWS with a 400 naming the way out, before printing anything', async () => {
    const refused = await new TableReportRenderer(pdf).render(report(MAX_PDF_ROWS + 1), 'pdf').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainException);
    expect((refused as DomainException).message).toContain(`at most ${MAX_PDF_ROWS} rows`);
    expect((refused as DomainException).message).toContain('ask for xlsx or csv');
    expect(printed).toEqual([]);
    // Workbooks and CSV have no such limit.
    expect((await new TableReportRenderer(pdf).render(report(MAX_PDF_ROWS + 1), 'csv')).toString().split('\r\n')).toHaveLength(MAX_PDF_ROWS + 3);
  });

  it("prints only the cover with Chromium, and draws the table's pages after it", async () => {
    const file = await new TableReportRenderer(pdf).render(report(100), 'pdf');
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('class="cover"');
    expect(printed[0]).not.toContain('<table');
    // The stub's one cover page, then 100 one-line rows on more than two pages.
    expect((await PDFDocument.load(file)).getPageCount()).toBeGreaterThanOrEqual(4);
  });

  it('draws a table without rows as its title and header on one page after the cover', async () => {
    const file = await new TableReportRenderer(pdf).render(report(0), 'pdf');
    expect((await PDFDocument.load(file)).getPageCount()).toBe(2);
  });
});

describe('tableWorkbook', () => {
  it('formats the money columns as pesos on every row, and only the total rows bold', async () => {
    const file = await tableWorkbook({
      title: 'Costos',
      columns: [{ title: 'Patente' }, { title: 'Costo', money: true }, { title: 'Litros' }],
      rows: [
        ['AB-1', 1500, 10],
        ['AB-1', 2500, 12],
        ['Total AB-1', 4000, 22],
        ['CD-2', 900, 5],
        ['Total CD-2', 900, 5],
      ],
      isTotal: (row) => String(row[0]).startsWith('Total'),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = [2, 3, 4, 5, 6].map((n) => sheet.getRow(n));
    expect(rows.map((row) => row.getCell(2).numFmt)).toEqual(Array(5).fill(CLP_FORMAT));
    expect(rows.map((row) => row.getCell(2).value)).toEqual([1500, 2500, 4000, 900, 900]);
    expect(rows.map((row) => Boolean(row.getCell(2).font?.bold))).toEqual([false, false, true, false, true]);
    expect(rows.map((row) => Boolean(row.getCell(3).font?.bold))).toEqual([false, false, true, false, true]);
    expect(rows.map((row) => row.getCell(3).numFmt ?? null)).toEqual([null, null, null, null, null]);
  });
});
