import { PAGE_SIDE_MARGIN_MM } from '../html/report-document';

/** What the table's pages draw (table-pages.ts): cells and headers of 7.5 pt, 1.5 mm padding each side; wrapped columns at least 35 mm. */
export const TABLE_FONT_PT = 7.5;
export const CELL_PADDING_MM = 1.5;
export const WRAP_MIN_MM = 35;
/** A landscape A4 page's width inside its margins. */
export const TABLE_WIDTH_MM = 297 - 2 * PAGE_SIDE_MARGIN_MM;
// A hair more than the text's own width, as Chromium's layout units gave it when it printed the table.
const SLACK_MM = 0.5;
const MM_PER_EM = (TABLE_FONT_PT * 25.4) / 72;

/** A text's width in em in one font: the PDF's own fonts (`PdfTextFont`), which draw the cells too. */
export interface TextMeasure {
  em(text: string): number;
}

export interface SizedColumn {
  title: string;
  /** Long text that wraps (an address); any other column keeps each cell on one line. */
  wrap?: boolean;
}

/**
 * The columns' widths in mm for a fixed table layout, from the widest text of each column as
 * the PDF's fonts draw it (DejaVu Sans; total rows in bold; a header's longest word, in bold, as it wraps): a
 * one-line column as wide as its widest cell, a wrapped one at least 35 mm and as wide as its
 * longest word, growing toward its longest line with the page's spare width; what is left shared
 * in proportion to the widths, as Chromium's automatic layout shared it. Wider than the page
 * when the cells are (the pages then draw the table smaller, as Chromium shrank its print).
 */
export function columnWidthsMm(
  columns: readonly SizedColumn[],
  rows: Iterable<{ texts: readonly string[]; total: boolean }>,
  { regular, bold }: { regular: TextMeasure; bold: TextMeasure },
): number[] {
  const longestWord = (font: TextMeasure, text: string) => Math.max(0, ...text.split(/\s+/).map((word) => font.em(word)));
  const line = columns.map(() => 0);
  const word = columns.map((column) => longestWord(bold, column.title));
  for (const { texts, total } of rows) {
    const font = total ? bold : regular;
    texts.forEach((text, i) => {
      if (!text) return;
      line[i] = Math.max(line[i], font.em(text));
      if (columns[i].wrap) word[i] = Math.max(word[i], longestWord(font, text));
    });
  }
  const width = (em: number) => em * MM_PER_EM + 2 * CELL_PADDING_MM + SLACK_MM;
  const least = columns.map((column, i) => (column.wrap ? Math.max(WRAP_MIN_MM, width(word[i])) : width(Math.max(line[i], word[i]))));
  const spare = TABLE_WIDTH_MM - sum(least);
  if (spare <= 0) return least;
  const wanted = columns.map((column, i) => (column.wrap ? Math.max(0, width(line[i]) - least[i]) : 0));
  const grown = Math.min(spare, sum(wanted));
  const widths = least.map((mm, i) => (grown > 0 ? mm + (wanted[i] * grown) / sum(wanted) : mm));
  const scale = TABLE_WIDTH_MM / sum(widths);
  return widths.map((mm) => mm * scale);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
