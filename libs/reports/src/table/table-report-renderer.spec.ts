import { DomainException } from '@app/errors';
import type { PdfRenderer } from '../pdf/pdf-renderer.service';
import { MAX_PDF_ROWS, TableReportRenderer } from './table-report-renderer.service';
import type { TableReport } from './table-report';

describe('TableReportRenderer', () => {
  const printed: string[] = [];
  const pdf = { render: async (html: string) => (printed.push(html), Buffer.from('%PDF')) } as unknown as PdfRenderer;
  const report = (rows: number): TableReport => ({
    title: 'Informe',
    clientName: 'Cliente',
    timeZone: 'America/Santiago',
    periodLabel: 'ayer',
    generatedAt: new Date(),
    columns: [{ title: 'N' }],
    rows: Array.from({ length: rows }, (_, i) => [i]),
    isTotal: () => false,
  });

  it('refuses a PDF past MAX_PDF_ROWS with a 400 naming the way out, before printing anything', async () => {
    const refused = await new TableReportRenderer(pdf).render(report(MAX_PDF_ROWS + 1), 'pdf').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainException);
    expect((refused as DomainException).message).toContain('ask for xlsx or csv');
    expect(printed).toEqual([]);
    await new TableReportRenderer(pdf).render(report(MAX_PDF_ROWS), 'pdf');
    expect(printed).toHaveLength(1);
    // Workbooks and CSV have no such limit.
    expect((await new TableReportRenderer(pdf).render(report(MAX_PDF_ROWS + 1), 'csv')).toString().split('\r\n')).toHaveLength(MAX_PDF_ROWS + 3);
  });
});
