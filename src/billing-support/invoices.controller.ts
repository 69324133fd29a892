import { Body, Controller, Headers, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { InvoiceReportDto } from './dto/invoice-report.dto';
import { InvoiceReportService } from './invoice-report/invoice-report.service';
import { chooseReportFormat, REPORT_CONTENT_TYPES } from './invoice-report/report-format';

@ApiTags('invoices')
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly reports: InvoiceReportService) {}

  /**
   * The invoice report of the caller's client for a period (both days included), as an Excel
   * workbook (default) or a PDF: `?format=xlsx|pdf`, or the `Accept` header. At most 1000
   * invoices (more: 400). The portal down or slow: 503 `PORTAL_UNAVAILABLE` (shape D). A PDF
   * without a working Chromium: 503 shape B.
   */
  @Post('report')
  @Authenticated({ permission: Permission.Invoices })
  @HttpCode(200)
  @ApiQuery({ name: 'format', required: false, enum: ['xlsx', 'pdf'] })
  @ApiOkResponse({
    description: 'The report file in the caller’s language, as an attachment (`informe-facturas_<from>_<to>.xlsx|pdf`; `invoice-report_…` in English)',
    content: Object.fromEntries(Object.values(REPORT_CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiBadRequestResponse({ description: 'Bad dates, `from` after `to`, an unknown format, or more than 1000 invoices in the period (shape A)' })
  @ApiServiceUnavailableResponse({
    description:
      '`PORTAL_UNAVAILABLE` (shape D): the portal is down, slow or answered outside its contract; or, for a PDF, the PDF renderer (Chromium) is missing or stopped (shape B `{message}`)',
  })
  async report(
    @Auth() auth: AuthContext,
    @Body() body: InvoiceReportDto,
    @Query('format') format: unknown,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.reports.generate(auth, { from: body.from, to: body.to }, chooseReportFormat(format, accept));
    response.vary('Accept'); // the format may come from it (added to CORS's Vary: Origin)
    const options = { type: file.contentType, disposition: `attachment; filename="${file.fileName}"` };
    if (Buffer.isBuffer(file.body)) return new StreamableFile(file.body, { ...options, length: file.body.length });
    // Nest's default answers a failed stream with 400 and the error's text; the service has logged
    // it, and a cut connection is the honest signal for a download that broke midway.
    return new StreamableFile(file.body, options).setErrorHandler((_error, res) => void res.destroy?.());
  }
}
