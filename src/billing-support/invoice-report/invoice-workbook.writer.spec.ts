import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { Language } from '@app/i18n';
import type { PortalInvoice } from '@app/integrations';
import { summarizeInvoices } from './invoice-summary';
import { writeInvoiceWorkbook } from './invoice-workbook.writer';

async function written(invoices: PortalInvoice[], language: Language = 'es'): Promise<ExcelJS.Workbook> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  await writeInvoiceWorkbook(
    {
      clientName: '@Transportes Sur',
      timeZone: 'America/Santiago',
      period: { from: '2026-01-01', to: '2026-01-31' },
      generatedAt: new Date('2026-02-01T12:00:00Z'),
      invoices,
      summary: summarizeInvoices(invoices),
      language,
    },
    output,
  );
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

describe('writeInvoiceWorkbook', () => {
  const invoices: PortalInvoice[] = [
    { folio: 'F-1', paymentStatus: 'Pagada', issueDate: '2026-01-02', dueDate: '2026-02-01', net: 1000, vat: 190, total: 1190 },
    { folio: '+F-2', paymentStatus: 'Sin cobro', issueDate: '2026-01-03', dueDate: '2026-02-02', net: 5000, vat: 950, total: 5950 },
  ];

  it('writes the summary and the detail sheets with totals that leave out Sin cobro', async () => {
    const book = await written(invoices);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Detalle']);
    const detail = book.getWorksheet('Detalle')!;
    expect(detail.getCell('A3').value).toBe("'+F-2");
    expect(detail.getCell('G4').value).toEqual({ formula: 'SUMIFS(G2:G3,B2:B3,"<>Sin cobro")', result: 1190 });
    expect(book.getWorksheet('Resumen')!.getCell('B2').value).toBe("'@Transportes Sur");
  });

  it('writes plain zero totals when there are no invoices', async () => {
    const detail = (await written([])).getWorksheet('Detalle')!;
    const totals = detail.getRow(2);
    expect([1, 5, 6, 7].map((column) => totals.getCell(column).value)).toEqual(['Totales (excluye Sin cobro)', 0, 0, 0]);
    expect(totals.getCell(3).fill).toMatchObject({ pattern: 'solid' });
  });

  it("writes an English reader's workbook in English, the portal's statuses as it writes them", async () => {
    const book = await written(invoices, 'en');
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Detail']);
    const detail = book.getWorksheet('Detail')!;
    expect(detail.getRow(1).values).toEqual([undefined, 'Folio', 'Payment status', 'Issue date', 'Due date', 'Net', 'VAT (19%)', 'Total']);
    expect(detail.getCell('B3').value).toBe('Sin cobro');
    expect(detail.getCell('A4').value).toBe('Totals (Sin cobro excluded)');
    const summary = book.getWorksheet('Summary')!;
    expect([summary.getCell('A1').value, summary.getCell('A3').value, summary.getCell('B3').value]).toEqual([
      'Invoice report',
      'Period',
      '01/01/2026 to 31/01/2026',
    ]);
  });
});
