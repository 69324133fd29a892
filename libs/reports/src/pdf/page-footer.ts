import { DEFAULT_LANGUAGE, type Language, REPORT_WORDS } from '@app/i18n';
import { escapeHtml } from '@app/formats';

/** The footer's look, shared by Chromium's template and the page numbers stamped on a joined PDF. */
export const FOOTER_FONT_PT = 7;
export const FOOTER_SIDE_MARGIN_MM = 12;
export const FOOTER_COLOR_HEX = '555555';
/** Where Chromium puts the footer's baseline, from the page's bottom edge (measured on its print with pdftotext -bbox). */
export const FOOTER_BASELINE_MM = 5.63;

export const pageNumberText = (page: number, pages: number, language: Language) => REPORT_WORDS[language].page(page, pages);

/** Chromium's footer: `text` at the left, "Página N de M" at the right (a PDF drawn by our code gets its footer from `drawPageFooters`). */
export function footerTemplate(text: string, language: Language = DEFAULT_LANGUAGE): string {
  const pageNumber = REPORT_WORDS[language].page('<span class="pageNumber"></span>', '<span class="totalPages"></span>');
  return `
<div style="font-family: 'DejaVu Sans', Arial, sans-serif; font-size: ${FOOTER_FONT_PT}pt; color: #${FOOTER_COLOR_HEX}; width: 100%; padding: 0 ${FOOTER_SIDE_MARGIN_MM}mm; display: flex; justify-content: space-between;">
  <span>${escapeHtml(text)}</span>
  <span>${pageNumber}</span>
</div>`;
}
