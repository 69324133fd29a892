import { PDFDocument } from 'pdf-lib';
import { drawPageFooters } from '../pdf/page-footers';
import type { PdfRenderer } from '../pdf/pdf-renderer.service';
import { embedReportFonts } from '../pdf/pdf-text-font';
import { columnWidthsMm } from './column-widths';
import { drawTablePages } from './table-pages';
import { tableCoverHtml, tablePdfRows, type TableReport } from './table-report';

/**
 * The table as a landscape PDF: the reports' cover page printed by Chromium while our code draws
 * the table's pages with pdf-lib (Chromium's print of a 31 000-row table was ~22 CPU-seconds,
 * docs/performance.md, "The table PDF drawn by our code"), then every page's footer, numbered over the whole.
 */
export async function printTablePdf(pdf: PdfRenderer, report: TableReport): Promise<Buffer> {
  const cover = pdf.render(tableCoverHtml(report), { landscape: true, footer: false });
  // Awaited after the drawing: a failed print must not be an unhandled rejection meanwhile.
  cover.catch(() => undefined);
  const document = await PDFDocument.create();
  const fonts = await embedReportFonts(document);
  const rows = tablePdfRows(report);
  const widthsMm = columnWidthsMm(report.columns, rows, fonts);
  await drawTablePages(document, { title: report.title, columns: report.columns, rows, widthsMm }, fonts);
  const printed = await PDFDocument.load(await cover);
  const coverPages = await document.copyPages(printed, printed.getPageIndices());
  coverPages.forEach((page, i) => document.insertPage(i, page));
  drawPageFooters(document, `${report.title} · ${report.clientName} · ${report.periodLabel}`, fonts.regular, report.language);
  return Buffer.from(await document.save());
}
