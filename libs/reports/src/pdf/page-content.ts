import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PdfTextFont } from './pdf-text-font';

/** PDF points (1/72 inch) in a millimetre: the unit of every position a page's content gives. */
export const POINTS_PER_MM = 72 / 25.4;

/** An RGB colour as `#rrggbb`. */
export type HexColor = `#${string}`;

const n = (value: number) => (Math.round(value * 100) / 100).toString();
const colors = new Map<HexColor, string>();
function colorOperands(color: HexColor): string {
  let operands = colors.get(color);
  if (!operands) colors.set(color, (operands = [1, 3, 5].map((i) => n(parseInt(color.slice(i, i + 2), 16) / 255)).join(' ')));
  return operands;
}

/** zlib's fastest level: a 31 000-row table in 1.7 s and 3.2 MiB, against 1.9–2.1 s and 2.6 MiB at the default (6). */
const DEFLATE_LEVEL = 1;

/**
 * A page's drawing as PDF content operators written by hand (rectangles and lines of text), added
 * to the page as one compressed stream: pdf-lib's drawing methods build an object per operator and
 * lay each string out again (docs/performance.md, "The table PDF drawn by our code").
 */
export class PageContent {
  private readonly parts: string[] = [];
  private readonly fonts = new Map<PdfTextFont, string>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  /** Everything drawn after this scaled by `scale` around the point (`x`, `y`), that point the new origin. */
  transform(scale: number, x: number, y: number): this {
    // Four decimals: a scale rounded to hundredths would move a table's right edge by up to 1.5 pt.
    this.parts.push(`${scale.toFixed(4)} 0 0 ${scale.toFixed(4)} ${n(x)} ${n(y)} cm`);
    return this;
  }

  rect(x: number, y: number, width: number, height: number, color: HexColor): this {
    this.parts.push(`${colorOperands(color)} rg ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f`);
    return this;
  }

  /** One line of text, its baseline starting at (`x`, `y`). */
  text(text: string, x: number, y: number, font: PdfTextFont, size: number, color: HexColor): this {
    if (!text) return this;
    this.parts.push(`BT ${colorOperands(color)} rg ${this.fontName(font)} ${n(size)} Tf 1 0 0 1 ${n(x)} ${n(y)} Tm <${font.hex(text)}> Tj ET`);
    return this;
  }

  /** The operators added as one stream after the page's own content, the graphics state saved and restored around them. */
  finish(): void {
    // Normalising wraps a loaded page's own content (a printed cover) in q … Q: its transforms end before ours.
    this.page.node.normalize();
    const content = Buffer.from(`q\n${this.parts.join('\n')}\nQ`, 'latin1');
    this.page.node.addContentStream(
      this.pdf.context.register(this.pdf.context.stream(deflateSync(content, { level: DEFLATE_LEVEL }), { Filter: 'FlateDecode' })),
    );
  }

  /** The font's name in the page's resources. */
  private fontName(font: PdfTextFont): string {
    let name = this.fonts.get(font);
    if (!name) this.fonts.set(font, (name = this.page.node.newFontDictionary(font.font.name, font.font.ref).toString()));
    return name;
  }
}
