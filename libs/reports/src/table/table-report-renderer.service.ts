import { Injectable } from '@nestjs/common';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { PdfRendererUnavailable } from '../pdf/browser-pool';
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
 * Drawn by our code, 31 000 trip rows (887 pages) take ~1 s, 2 576 pages with two wrapped
 * addresses a row 2.6 s (docs/performance.md, "The table PDF drawn by our code"); the limit is
 * the one the printed table had, not raised: the app's memory and the file grow with the rows.
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

  /** As render, for a request's answer: the PDF renderer (Chromium) missing, failing to start or dying mid-report is a 503 (shape B). */
  async renderForRequest(report: TableReport, format: TableReportFormat): Promise<Buffer> {
    try {
      return await this.render(report, format);
    } catch (error) {
      if (error instanceof PdfRendererUnavailable) throw new DomainException(ErrorCode.ServiceUnavailable, error.message);
      throw error;
    }
  }
}
