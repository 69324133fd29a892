import { Module } from '@nestjs/common';
import { BrowserPool } from './pdf/browser-pool';
import { PdfRenderer } from './pdf/pdf-renderer.service';

/** PDF rendering on one shared Chromium; Excel helpers are plain functions (no module needed). */
@Module({
  providers: [BrowserPool, PdfRenderer],
  exports: [PdfRenderer, BrowserPool],
})
export class ReportsModule {}
