import type { PDFDocument } from 'pdf-lib';
import type { Language } from '@app/i18n';
import { PageContent, POINTS_PER_MM } from './page-content';
import { FOOTER_BASELINE_MM, FOOTER_COLOR_HEX, FOOTER_FONT_PT, FOOTER_SIDE_MARGIN_MM, pageNumberText } from './page-footer';
import type { PdfTextFont } from './pdf-text-font';

/**
 * Each page's footer drawn where Chromium's footer puts it: `text` at the left, "Página N de M"
 * over the whole document at the right (the pages were drawn or printed without one).
 */
export function drawPageFooters(pdf: PDFDocument, text: string, font: PdfTextFont, language: Language): void {
  const pages = pdf.getPages();
  const y = FOOTER_BASELINE_MM * POINTS_PER_MM;
  const left = FOOTER_SIDE_MARGIN_MM * POINTS_PER_MM;
  pages.forEach((page, i) => {
    const number = pageNumberText(i + 1, pages.length, language);
    new PageContent(pdf, page)
      .text(text, left, y, font, FOOTER_FONT_PT, `#${FOOTER_COLOR_HEX}`)
      .text(number, page.getWidth() - left - font.em(number) * FOOTER_FONT_PT, y, font, FOOTER_FONT_PT, `#${FOOTER_COLOR_HEX}`)
      .finish();
  });
}
