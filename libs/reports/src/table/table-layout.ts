import { POINTS_PER_MM } from '../pdf/page-content';

/**
 * The table's geometry as the Chromium print of its HTML had it (table-report.ts's old STYLES,
 * html/report-document.ts's page margins), in points; and how its text wraps and its rows fall
 * on pages.
 */
/** A4 landscape. */
export const PAGE_WIDTH_PT = 297 * POINTS_PER_MM;
export const PAGE_HEIGHT_PT = 210 * POINTS_PER_MM;
export const PAGE_TOP_MARGIN_PT = 15 * POINTS_PER_MM;
/** Above the footer (`FOOTER_BASELINE_MM`). */
export const PAGE_BOTTOM_MARGIN_PT = 18 * POINTS_PER_MM;

/**
 * A line of DejaVu Sans text at `sizePt` as Chromium lays it out (CSS `line-height: normal`): the
 * font's ascent (1 901 of 2 048 units) and descent (483) each rounded to whole CSS pixels. In points.
 */
export function lineBox(sizePt: number): { height: number; ascent: number } {
  const px = (sizePt * 4) / 3;
  const ascent = Math.round((px * 1901) / 2048);
  const descent = Math.round((px * 483) / 2048);
  return { height: ((ascent + descent) * 3) / 4, ascent: (ascent * 3) / 4 };
}

export const TITLE_PT = 13;
export const TITLE_GAP_PT = 4 * POINTS_PER_MM;
export const HEADER_PADDING_PT = 1.4 * POINTS_PER_MM;
export const ROW_PADDING_PT = 0.8 * POINTS_PER_MM;
/** 1 px and 1.5 px in points. */
export const ROW_BORDER_PT = 0.75;
export const TOTAL_BORDER_PT = 1.125;

/**
 * `text` in lines no wider than `width` (in the units `measure` answers), cut at spaces; a word
 * wider than that cut between its characters (the column widths are made for the longest word,
 * so only another font's wider glyphs would need it). At most `maxLines`, the last then ending in "…".
 */
export function wrapLines(text: string, width: number, measure: (text: string) => number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (!word) continue;
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (line && measure(line + character) > width) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  let last = kept[kept.length - 1];
  while (last && measure(`${last}…`) > width) last = last.slice(0, -1);
  kept[kept.length - 1] = `${last}…`;
  return kept;
}
