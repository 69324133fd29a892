import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { FOOTER_BASELINE_MM, FOOTER_COLOR_HEX, FOOTER_FONT_PT, FOOTER_SIDE_MARGIN_MM, pageNumberText } from './page-footer';
import { DEJAVU_SANS_FILE } from './report-fonts';

/** The footer's font as Chromium prints it. */
export const FOOTER_FONT_FILE = DEJAVU_SANS_FILE;

const POINTS_PER_MM = 72 / 25.4;
let footerFontBytes: Promise<Uint8Array | undefined> | undefined;

/**
 * PDFs printed part by part made one document, each page's footer drawn where Chromium's footer
 * puts it: `footerText` at the left, "Página N de M" over the whole at the right (the parts were
 * printed without a footer: Chromium builds one as a small page of its own for each page it prints).
 */
export async function joinPdfParts(parts: readonly Uint8Array[], footerText: string): Promise<Buffer> {
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    // One copy per part: the pages of a part share its fonts, copied once.
    const pages = await joined.copyPages(source, source.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  const font = await footerFont(joined);
  const color = rgb(...([0, 2, 4].map((i) => parseInt(FOOTER_COLOR_HEX.slice(i, i + 2), 16) / 255) as [number, number, number]));
  const pages = joined.getPages();
  const y = FOOTER_BASELINE_MM * POINTS_PER_MM;
  const left = FOOTER_SIDE_MARGIN_MM * POINTS_PER_MM;
  pages.forEach((page, i) => {
    const number = pageNumberText(i + 1, pages.length);
    page.drawText(footerText, { x: left, y, size: FOOTER_FONT_PT, font, color });
    page.drawText(number, { x: page.getWidth() - left - font.widthOfTextAtSize(number, FOOTER_FONT_PT), y, size: FOOTER_FONT_PT, font, color });
  });
  return Buffer.from(await joined.save());
}

/** DejaVu Sans, subset to the glyphs drawn; Helvetica where that font is not installed ("á" is in its encoding). */
async function footerFont(pdf: PDFDocument): Promise<PDFFont> {
  footerFontBytes ??= readFile(FOOTER_FONT_FILE).then((bytes) => new Uint8Array(bytes), () => undefined);
  const bytes = await footerFontBytes;
  if (!bytes) return pdf.embedFont(StandardFonts.Helvetica);
  pdf.registerFontkit(fontkit);
  return pdf.embedFont(bytes, { subset: true });
}
