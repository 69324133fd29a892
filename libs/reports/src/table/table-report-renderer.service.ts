import { Injectable } from '@nestjs/common';
import { PdfRenderer } from '../pdf/pdf-renderer.service';
import { tableCsv, tableHtml, TableReport, tableWorkbook } from './table-report';

export type TableReportFormat = 'csv' | 'xlsx' | 'pdf';

export const TABLE_REPORT_CONTENT_TYPES: Record<TableReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** A table report as a file of the asked format; the PDF on the shared Chromium (PdfRendererUnavailable when it cannot start). */
@Injectable()
export class TableReportRenderer {
  constructor(private readonly pdf: PdfRenderer) {}

  async render(report: TableReport, format: TableReportFormat): Promise<Buffer> {
    if (format === 'csv') return tableCsv(report);
    if (format === 'xlsx') return tableWorkbook(report);
    return this.pdf.render(tableHtml(report), { landscape: true, footerText: `${report.title} · ${report.clientName} · ${report.periodLabel}` });
  }
}
