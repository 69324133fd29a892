import { Injectable, Logger } from '@nestjs/common';
import { PassThrough, Readable } from 'node:stream';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { BillingPortalClient, InvoicePeriod } from '@app/integrations';
import { PdfRenderer, PdfRendererUnavailable } from '@app/reports';
import { INVOICE_WORDS, periodLabel, reportFileName } from './invoice-labels';
import type { InvoiceReportData } from './invoice-report-data';
import { renderInvoiceReportHtml } from './invoice-report.html';
import { sortForDetail, summarizeInvoices } from './invoice-summary';
import { writeInvoiceWorkbook } from './invoice-workbook.writer';
import { REPORT_CONTENT_TYPES, ReportFormat } from './report-format';

export const MAX_REPORT_INVOICES = 1000;

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** A Buffer (PDF) or a stream being written (Excel). */
  body: Buffer | Readable;
  /** The invoices it lists. */
  rows: number;
}

@Injectable()
export class InvoiceReportService {
  private readonly logger = new Logger(InvoiceReportService.name);

  constructor(
    private readonly portal: BillingPortalClient,
    private readonly pdf: PdfRenderer,
    private readonly activity: ActivityRecorder,
  ) {}

  /** The caller's client's invoices of the period, fetched fresh, as an Excel or PDF file. */
  async generate(auth: AuthContext, period: InvoicePeriod, format: ReportFormat): Promise<ReportFile> {
    if (period.from > period.to) throw badRequest('from must be on or before to');
    const invoices = await this.portal.listInvoices(auth.clientId.toHexString(), period, auth.request.requestId);
    if (invoices.length > MAX_REPORT_INVOICES) {
      throw badRequest(`The period has ${invoices.length} invoices and a report holds at most ${MAX_REPORT_INVOICES}: choose a shorter period`);
    }
    const data: InvoiceReportData = {
      clientName: auth.client.name,
      timeZone: auth.client.timeZone,
      period,
      generatedAt: new Date(),
      invoices: sortForDetail(invoices),
      summary: summarizeInvoices(invoices),
      language: auth.language,
    };
    const body = format === 'pdf' ? await this.renderPdf(data) : this.streamWorkbook(data, auth.request.requestId);
    await this.activity.record(auth, {
      action: 'invoice_report.generate',
      resourceType: 'invoice_report',
      summary: `Invoice report ${periodLabel(period, auth.language)} generated as ${format.toUpperCase()} (${invoices.length} invoices)`,
      details: { from: period.from, to: period.to, format, invoiceCount: invoices.length, notChargedCount: data.summary.notChargedCount },
    });
    return { fileName: reportFileName(period, format, auth.language), contentType: REPORT_CONTENT_TYPES[format], body, rows: invoices.length };
  }

  // Chromium missing, failing to start or dying mid-report: 503 shape B, nothing recorded.
  private async renderPdf(data: InvoiceReportData): Promise<Buffer> {
    try {
      return await this.pdf.render(renderInvoiceReportHtml(data), {
        footerText: `${INVOICE_WORDS[data.language].title} · ${data.clientName} · ${periodLabel(data.period, data.language)}`,
        language: data.language,
      });
    } catch (error) {
      if (error instanceof PdfRendererUnavailable) throw new DomainException(ErrorCode.ServiceUnavailable, error.message);
      throw error;
    }
  }

  // The workbook is written while it is sent; the data is already complete and checked, so a
  // failure here is a bug: logged, and the download is cut short rather than answered with a body.
  private streamWorkbook(data: InvoiceReportData, requestId: string): Readable {
    const output = new PassThrough();
    writeInvoiceWorkbook(data, output).catch((error: unknown) => {
      this.logger.error({ err: error, requestId }, `invoice workbook failed: ${(error as Error).message}`);
      output.destroy(error as Error);
    });
    return output;
  }
}
