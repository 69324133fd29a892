import { Injectable } from '@nestjs/common';
import { badRequest } from '@app/errors';
import { PdfRenderer } from '../pdf/pdf-renderer.service';
import { tableCsv, tableHtml, TableReport, tableWorkbook } from './table-report';

export type TableReportFormat = 'csv' | 'xlsx' | 'pdf';

export const TABLE_REPORT_CONTENT_TYPES: Record<TableReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The most rows a PDF table holds. Chromium lays out the whole table before printing: 31 000
 * rows (a 9.8 MB page) did not print within the renderer's 60 s (docs/performance.md, "Fuel costs
 * and reports"), and answered a 500. Past this, the request is a 400 that says to ask for a
 * workbook or CSV, or for less.
 */
export const MAX_PDF_ROWS = 10_000;

/** A table report as a file of the asked format; the PDF on the shared Chromium (PdfRendererUnavailable when it cannot start). */
@Injectable()
export class TableReportRenderer {
  constructor(private readonly pdf: PdfRenderer) {}

  async render(report: TableReport, format: TableReportFormat): Promise<Buffer> {
    if (format === 'csv') return tableCsv(report);
    if (format === 'xlsx') return tableWorkbook(report);
    if (report.rows.length > MAX_PDF_ROWS) {
      throw badRequest(`A PDF holds at most ${MAX_PDF_ROWS} rows and this report has ${report.rows.length}: ask for xlsx or csv, or for fewer assets or days`);
    }
    return this.pdf.render(tableHtml(report), { landscape: true, footerText: `${report.title} · ${report.clientName} · ${report.periodLabel}` });
  }
}
