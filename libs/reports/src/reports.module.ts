import { Module } from '@nestjs/common';
import { PngRenderer } from './image/png-renderer.service';
import { BrowserPool } from './pdf/browser-pool';
import { PdfRenderer } from './pdf/pdf-renderer.service';
import { TableReportRenderer } from './table/table-report-renderer.service';

/** PDF and PNG rendering on one shared Chromium, and table reports as CSV, Excel or PDF. */
@Module({
  providers: [BrowserPool, PdfRenderer, PngRenderer, TableReportRenderer],
  exports: [PdfRenderer, PngRenderer, BrowserPool, TableReportRenderer],
})
export class ReportsModule {}
