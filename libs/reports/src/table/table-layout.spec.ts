import { lineBox, wrapLines } from './table-layout';

describe('wrapLines', () => {
  // One unit a character: easy widths to reason about.
  const measure = (text: string) => [...text].length;

  it('fills each line with whole words up to the width', () => {
    expect(wrapLines('Avenida Libertador 1234, Santiago Centro', 18, measure)).toEqual(['Avenida Libertador', '1234, Santiago', 'Centro']);
    expect(wrapLines('corto', 18, measure)).toEqual(['corto']);
    expect(wrapLines('', 18, measure)).toEqual([]);
  });

  it('ignores repeated spaces, as HTML collapses them', () => {
    expect(wrapLines('  dos   espacios  ', 20, measure)).toEqual(['dos espacios']);
  });

  it('cuts a word wider than the width between its characters (counting an emoji as one)', () => {
    expect(wrapLines('ab abcdefghij', 4, measure)).toEqual(['ab', 'abcd', 'efgh', 'ij']);
    expect(wrapLines('🚚🚚🚚', 2, measure)).toEqual(['🚚🚚', '🚚']);
  });

  it('keeps at most maxLines, the last kept one marked with an ellipsis (shortened until it fits)', () => {
    expect(wrapLines('uno dos tres cuatro cinco', 7, measure, 2)).toEqual(['uno dos', 'tres…']);
    expect(wrapLines('uno dos tres', 3, measure, 1)).toEqual(['un…']);
    expect(wrapLines('uno dos', 7, measure, 1)).toEqual(['uno dos']);
  });
});

describe('lineBox', () => {
  it("rounds DejaVu Sans's ascent and descent to whole CSS pixels, as Chromium does", () => {
    // 7.5 pt = 10 px: ascent 9.28 → 9 px, descent 2.36 → 2 px; 13 pt = 17.33 px: 16.09 → 16, 4.09 → 4.
    expect(lineBox(7.5)).toEqual({ height: 8.25, ascent: 6.75 });
    expect(lineBox(13)).toEqual({ height: 15, ascent: 12 });
  });
});
