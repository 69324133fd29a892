import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { DEJAVU_SANS_BOLD_FILE, DEJAVU_SANS_FILE } from './report-fonts';

/** What a character the font cannot draw is drawn as (pdf-lib throws on it with a standard font; an embedded one would draw an empty box). */
export const MISSING_CHARACTER = '?';

interface Glyph {
  /** The character's code in the content stream, as hex digits. */
  hex: string;
  /** Its advance in em. */
  em: number;
}

/**
 * A font embedded in a PDF whose text our code writes into the page's content itself: each
 * character encoded and measured once (pdf-lib's drawText lays every string out with fontkit,
 * ~100 µs a cell: half a minute for a 31 000-row table). No kerning nor ligatures, as the column
 * widths are measured (`columnWidthsMm` is given these fonts). Control characters drawn as spaces.
 */
export class PdfTextFont {
  private readonly glyphs = new Map<number, Glyph>();
  private readonly characters: Set<number>;

  constructor(readonly font: PDFFont) {
    this.characters = new Set(font.getCharacterSet());
  }

  /** The text as hex digits for a `<…> Tj`. */
  hex(text: string): string {
    let hex = '';
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i)!;
      if (code > 0xffff) i++; // the low half of a surrogate pair
      hex += this.glyph(code).hex;
    }
    return hex;
  }

  /** The text's width in em. */
  em(text: string): number {
    let em = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i)!;
      if (code > 0xffff) i++;
      em += this.glyph(code).em;
    }
    return em;
  }

  private glyph(code: number): Glyph {
    let glyph = this.glyphs.get(code);
    if (!glyph) {
      const character = this.characters.has(code) ? String.fromCodePoint(code) : /\s/.test(String.fromCodePoint(code)) ? ' ' : MISSING_CHARACTER;
      glyph = { hex: this.font.encodeText(character).toString().slice(1, -1), em: this.font.widthOfTextAtSize(character, 1) };
      this.glyphs.set(code, glyph);
    }
    return glyph;
  }
}

export interface ReportFonts {
  regular: PdfTextFont;
  bold: PdfTextFont;
}

let fontFiles: Promise<[Uint8Array | undefined, Uint8Array | undefined]> | undefined;
const fontFile = (file: string) =>
  readFile(file).then(
    (bytes) => new Uint8Array(bytes),
    () => undefined,
  );

/**
 * The reports' fonts embedded in `pdf`, subset to the glyphs drawn: DejaVu Sans as Chromium prints
 * the reports; Helvetica where that font is not installed ("á", "ñ" are in its encoding).
 */
export async function embedReportFonts(pdf: PDFDocument): Promise<ReportFonts> {
  fontFiles ??= Promise.all([fontFile(DEJAVU_SANS_FILE), fontFile(DEJAVU_SANS_BOLD_FILE)]);
  const [regular, bold] = await fontFiles;
  pdf.registerFontkit(fontkit);
  const embed = (bytes: Uint8Array | undefined, fallback: StandardFonts) => (bytes ? pdf.embedFont(bytes, { subset: true }) : pdf.embedFont(fallback));
  return {
    regular: new PdfTextFont(await embed(regular, StandardFonts.Helvetica)),
    bold: new PdfTextFont(await embed(bold, StandardFonts.HelveticaBold)),
  };
}
