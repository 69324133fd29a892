import { Module } from '@nestjs/common';
import { PngRenderer } from './image/png-renderer.service';
import { BrowserPool } from './pdf/browser-pool';
import { PdfRenderer } from './pdf/pdf-renderer.service';

/** PDF and PNG rendering on one shared Chromium; Excel helpers are plain functions (no module needed). */
@Module({
  providers: [BrowserPool, PdfRenderer, PngRenderer],
  exports: [PdfRenderer, PngRenderer, BrowserPool],
})
export class ReportsModule {}
