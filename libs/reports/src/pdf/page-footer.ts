import { escapeHtml } from '../html/escape-html';

/** The footer's look, shared by Chromium's template and the page numbers stamped on a joined PDF. */
export const FOOTER_FONT_PT = 7;
export const FOOTER_SIDE_MARGIN_MM = 12;
export const FOOTER_COLOR_HEX = '555555';
/** Where Chromium puts the footer's baseline, from the page's bottom edge (measured on its print with pdftotext -bbox). */
export const FOOTER_BASELINE_MM = 5.63;

export const pageNumberText = (page: number, pages: number) => `Página ${page} de ${pages}`;

/** Chromium's footer: `text` at the left, "Página N de M" at the right (a PDF drawn by our code gets its footer from `drawPageFooters`). */
export function footerTemplate(text: string): string {
  return `
<div style="font-family: 'DejaVu Sans', Arial, sans-serif; font-size: ${FOOTER_FONT_PT}pt; color: #${FOOTER_COLOR_HEX}; width: 100%; padding: 0 ${FOOTER_SIDE_MARGIN_MM}mm; display: flex; justify-content: space-between;">
  <span>${escapeHtml(text)}</span>
  <span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span>
</div>`;
}
