import { joinPdfParts } from '../pdf/pdf-join';
import type { PdfRenderer } from '../pdf/pdf-renderer.service';
import { tableColumnWidths, tableHtml, type TableReport } from './table-report';
import { tablePartEnds } from './table-parts';

/**
 * Rows a PDF prints in one go. Chromium's print of one table grows faster than its rows (1 000
 * rows 1.3 s, 10 000 29 s, 31 000 over a minute), so a longer table is printed in parts of at
 * most this many rows, two at once on the pool, and joined; parts of 500 or 1 000 rows cost
 * Chromium more CPU than 2 500 (docs/performance.md, "The PDF in parts").
 */
export const PDF_PART_ROWS = 2_500;

/**
 * The table as a landscape PDF with the reports' cover page; a table longer than `partRows` printed
 * in parts (the header row on each page of each) without Chromium's footer, and joined, the footer
 * drawn on each page and the pages numbered over the whole.
 */
export async function printTablePdf(pdf: PdfRenderer, report: TableReport, partRows = PDF_PART_ROWS): Promise<Buffer> {
  const footerText = `${report.title} · ${report.clientName} · ${report.periodLabel}`;
  const ends = tablePartEnds(report.rows, report.isTotal, partRows);
  if (ends.length === 1) return pdf.render(tableHtml(report), { landscape: true, footerText });
  const widths = tableColumnWidths(report);
  // The parts wait for the pool's pages in order, two printing at once.
  const parts = ends.map((end, i) => {
    const rows = report.rows.slice(ends[i - 1] ?? 0, end);
    return pdf.render(tableHtml({ ...report, rows }, { first: i === 0, widths }), { landscape: true, footer: false });
  });
  return joinPdfParts(await Promise.all(parts), footerText);
}
