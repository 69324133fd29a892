import { PDFDocument } from 'pdf-lib';
import { embedReportFonts, type ReportFonts } from '../pdf/pdf-text-font';
import { CELL_PADDING_MM, columnWidthsMm as widthsIn, type SizedColumn, TABLE_WIDTH_MM, WRAP_MIN_MM } from './column-widths';

// DejaVu Sans's advances (font units of 2 048 to the em) as the installed font file gives them: regular W 2 025, i 569, space 651; bold W 2 259, i 702.
const MM_PER_EM = (7.5 * 25.4) / 72;
const em = (units: number) => (units / 2048) * MM_PER_EM;
const PADDING_AND_SLACK = 2 * CELL_PADDING_MM + 0.5;

describe('columnWidthsMm', () => {
  // The fonts the PDF embeds and draws with, as printTablePdf gives them.
  let fonts: ReportFonts;
  beforeAll(async () => (fonts = await embedReportFonts(await PDFDocument.create())));
  const columnWidthsMm = (columns: readonly SizedColumn[], rows: Array<{ texts: string[]; total: boolean }>) => widthsIn(columns, rows, fonts);
  const detail = (...texts: string[]) => ({ texts, total: false });

  it('sizes one-line columns by their glyphs, not their characters, and shares the rest of the page in proportion', () => {
    // Ten W are wider than twenty i: a count of characters would get it the other way round.
    const widths = columnWidthsMm([{ title: 'A' }, { title: 'B' }], [detail('WWWWWWWWWW', 'iiiiiiiiiiiiiiiiiiii')]);
    const least = [em(10 * 2025) + PADDING_AND_SLACK, em(20 * 569) + PADDING_AND_SLACK];
    expect(widths[0] + widths[1]).toBeCloseTo(TABLE_WIDTH_MM, 6);
    expect(widths[0] / widths[1]).toBeCloseTo(least[0] / least[1], 6);
    expect(widths[0]).toBeGreaterThan(widths[1]);
  });

  it('measures total rows in bold, and a header by its longest word in bold (headers wrap)', () => {
    const columns = [{ title: 'Uno' }, { title: 'iiii WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' }, { title: 'Tres' }];
    // 60 W: in bold 60 × 2 259 units, more than the page holds with the header's 40 W beside it.
    const widths = columnWidthsMm(columns, [detail('x', '', 'x'), { texts: ['W'.repeat(60), 'i', 'x'], total: true }]);
    expect(widths[0]).toBeCloseTo(em(60 * 2259) + PADDING_AND_SLACK, 6);
    expect(widths[1]).toBeCloseTo(em(40 * 2259) + PADDING_AND_SLACK, 6);
    // Wider than the page: left so (Chromium shrinks the page to fit, as with its own layout).
    expect(widths[0] + widths[1] + widths[2]).toBeGreaterThan(TABLE_WIDTH_MM);
  });

  it('gives a wrapped column at least 35 mm and its longest word, and the spare width up to its longest line', () => {
    const columns = [{ title: 'Activo' }, { title: 'Dirección', wrap: true }, { title: 'Nota', wrap: true }];
    const address = 'Avenida Libertador Bernardo OHiggins 1234, Santiago Centro, Región Metropolitana '.repeat(3);
    const widths = columnWidthsMm(columns, [detail('Camión', address, 'ok'), detail('Camión', '', 'i')]);
    // "Nota" holds only short words: 35 mm. The address line is longer than the page: its column
    // takes all the width the others leave.
    expect(widths[1]).toBeCloseTo(TABLE_WIDTH_MM - widths[0] - WRAP_MIN_MM, 6);
    expect(widths[2]).toBeCloseTo(WRAP_MIN_MM, 6);
    expect(widths.reduce((a, b) => a + b)).toBeCloseTo(TABLE_WIDTH_MM, 6);
    // A word longer than 35 mm widens its column to the word.
    const word = 'W'.repeat(20);
    const [, wide] = columnWidthsMm([{ title: 'A' }, { title: 'B', wrap: true }], [detail('x', `${word} i`)]);
    expect(wide).toBeGreaterThanOrEqual(em(20 * 2025) + PADDING_AND_SLACK);
  });
});
