import fontkit, { type Font } from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';

/**
 * Em of a character the font has not (another font draws it) or of any character when the font
 * file is missing: wider than any DejaVu Sans letter, so a column sized with it is never too narrow.
 */
export const UNKNOWN_CHARACTER_EM = 1;

/**
 * The width of a line of text in one font, in em: the sum of its characters' advances, read from
 * the font file once (drawn without kerning nor ligatures, `PdfTextFont`).
 */
export class TextWidths {
  private readonly advances = new Map<number, number>();
  private readonly font: Font | undefined;

  constructor(fontFile: string) {
    try {
      this.font = fontkit.create(readFileSync(fontFile));
    } catch {
      this.font = undefined; // not installed: every character counts as UNKNOWN_CHARACTER_EM
    }
  }

  em(text: string): number {
    let width = 0;
    for (const character of text) width += this.advance(character.codePointAt(0)!);
    return width;
  }

  private advance(codePoint: number): number {
    let advance = this.advances.get(codePoint);
    if (advance === undefined) {
      const font = this.font;
      advance = font?.hasGlyphForCodePoint(codePoint) ? font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm : UNKNOWN_CHARACTER_EM;
      this.advances.set(codePoint, advance);
    }
    return advance;
  }
}
