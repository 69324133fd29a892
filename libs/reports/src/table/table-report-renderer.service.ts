import { Injectable } from '@nestjs/common';
import { badRequest } from '@app/errors';
import { PdfRenderer } from '../pdf/pdf-renderer.service';
import { printTablePdf } from './table-pdf';
import { tableCsv, TableReport, tableWorkbook } from './table-report';

export type TableReportFormat = 'csv' | 'xlsx' | 'pdf';

export const TABLE_REPORT_CONTENT_TYPES: Record<TableReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The most rows a PDF table holds; past this the request is a 400 (ask for a workbook or CSV).
 * Printed in parts, a trip report of 100 assets × 31 days (31 000 rows, ~870 pages) took 17–22 s
 * on the shared 2-core machine at load 7 (40–47 s at a higher load), ~22 s of Chromium's CPU
 * (docs/performance.md, "The PDF in parts"): the time grows with the rows, and the pool's two
 * pages are the report's meanwhile.
 */
export const MAX_PDF_ROWS = 35_000;

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
    return printTablePdf(this.pdf, report);
  }
}
