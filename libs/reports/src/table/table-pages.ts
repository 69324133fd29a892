import type { PDFDocument } from 'pdf-lib';
import { PAGE_SIDE_MARGIN_MM } from '../html/report-document';
import { type HexColor, PageContent, POINTS_PER_MM } from '../pdf/page-content';
import type { PdfTextFont, ReportFonts } from '../pdf/pdf-text-font';
import { CELL_PADDING_MM, TABLE_FONT_PT, TABLE_WIDTH_MM } from './column-widths';
import {
  HEADER_PADDING_PT,
  lineBox,
  PAGE_BOTTOM_MARGIN_PT,
  PAGE_HEIGHT_PT,
  PAGE_TOP_MARGIN_PT,
  PAGE_WIDTH_PT,
  ROW_BORDER_PT,
  ROW_PADDING_PT,
  TITLE_GAP_PT,
  TITLE_PT,
  TOTAL_BORDER_PT,
  wrapLines,
} from './table-layout';

const COLORS = { title: '#10263d', header: '#1f4e79', headerText: '#ffffff', text: '#111111', rule: '#e3e3e3', total: '#ddebf7' } satisfies Record<
  string,
  HexColor
>;
const CELL_PADDING_PT = CELL_PADDING_MM * POINTS_PER_MM;
const LINE = lineBox(TABLE_FONT_PT);
const TITLE_LINE = lineBox(TITLE_PT);

/** What the pages draw: each cell's text as printed (`cellText`), right-aligned when a number. */
export interface DrawnTable {
  title: string;
  columns: readonly { title: string; wrap?: boolean }[];
  rows: Iterable<DrawnRow>;
  /** Each column's width in mm (`columnWidthsMm`); a table wider than the page is drawn smaller as a whole, as Chromium printed it. */
  widthsMm: readonly number[];
}

export interface DrawnRow {
  texts: readonly string[];
  numbers: readonly boolean[];
  total: boolean;
}

/** A row's cells as lines, and the height of its tallest cell's lines. */
interface RowLines {
  cells: string[][];
  height: number;
}

/**
 * The table on A4 landscape pages added to `pdf`, looking as Chromium printed its HTML: the title
 * above it on the first page, the header row on every page, no row split between pages. Gives the
 * event loop a turn after each page (a 31 000-row table is ~870 pages, seconds of drawing).
 */
export function drawTablePages(pdf: PDFDocument, table: DrawnTable, fonts: ReportFonts): Promise<void> {
  return new TablePages(pdf, table, fonts).draw();
}

class TablePages {
  private readonly widths: number[];
  private readonly lefts: number[];
  private readonly tableWidth: number;
  private readonly scale: number;
  /** The content area's height in the table's own (unscaled) points. */
  private readonly pageHeight: number;
  /** A cell taller than a page is cut (its last line ending in "…"); the header's never. */
  private maxLines = Infinity;
  private readonly header: RowLines;
  private page!: PageContent;
  /** Where the next row starts, down from the content area's top. */
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly table: DrawnTable,
    private readonly fonts: ReportFonts,
  ) {
    this.widths = table.widthsMm.map((mm) => mm * POINTS_PER_MM);
    this.lefts = this.widths.map((_, i) => sum(this.widths.slice(0, i)));
    this.tableWidth = sum(this.widths);
    this.scale = Math.min(1, (TABLE_WIDTH_MM * POINTS_PER_MM) / this.tableWidth);
    this.pageHeight = (PAGE_HEIGHT_PT - PAGE_TOP_MARGIN_PT - PAGE_BOTTOM_MARGIN_PT) / this.scale;
    this.header = this.lines(
      table.columns.map((column) => column.title),
      true,
      fonts.bold,
    );
    const rowRoom = this.pageHeight - this.header.height - 2 * (HEADER_PADDING_PT + ROW_PADDING_PT) - TOTAL_BORDER_PT - ROW_BORDER_PT;
    this.maxLines = Math.max(1, Math.floor(rowRoom / LINE.height));
  }

  async draw(): Promise<void> {
    this.newPage();
    const title = wrapLines(this.table.title, this.tableWidth, (text) => this.fonts.bold.em(text) * TITLE_PT, 3);
    title.forEach((line, i) => this.page.text(line, 0, -(i * TITLE_LINE.height + TITLE_LINE.ascent), this.fonts.bold, TITLE_PT, COLORS.title));
    this.y = title.length * TITLE_LINE.height + TITLE_GAP_PT;
    this.drawHeader();
    for (const row of this.table.rows) {
      const font = row.total ? this.fonts.bold : this.fonts.regular;
      const lines = this.lines(row.texts, false, font);
      const top = row.total ? TOTAL_BORDER_PT : 0;
      const height = top + lines.height + 2 * ROW_PADDING_PT + ROW_BORDER_PT;
      if (this.y + height > this.pageHeight) {
        this.page.finish();
        await new Promise<void>((resolve) => setImmediate(resolve));
        this.newPage();
        this.drawHeader();
      }
      const bottom = this.y + height;
      if (row.total) {
        this.page.rect(0, -bottom, this.tableWidth, height, COLORS.total);
        this.page.rect(0, -(this.y + top), this.tableWidth, top, COLORS.header);
      }
      this.page.rect(0, -bottom, this.tableWidth, ROW_BORDER_PT, COLORS.rule);
      this.drawCells(lines, this.y + top + ROW_PADDING_PT, font, COLORS.text, row.numbers);
      this.y = bottom;
    }
    this.page.finish();
  }

  private newPage(): void {
    const page = this.pdf.addPage([PAGE_WIDTH_PT, PAGE_HEIGHT_PT]);
    // The table's origin at the content area's top left corner; y grows up, so rows go at -y.
    this.page = new PageContent(this.pdf, page).transform(this.scale, PAGE_SIDE_MARGIN_MM * POINTS_PER_MM, PAGE_HEIGHT_PT - PAGE_TOP_MARGIN_PT);
    this.y = 0;
  }

  private drawHeader(): void {
    const height = this.header.height + 2 * HEADER_PADDING_PT;
    this.page.rect(0, -(this.y + height), this.tableWidth, height, COLORS.header);
    this.drawCells(this.header, this.y + HEADER_PADDING_PT, this.fonts.bold, COLORS.headerText);
    this.y += height;
  }

  /** Wrapped columns' cells (every header) in lines within their column; any other cell one line. */
  private lines(texts: readonly string[], wrapAll: boolean, font: PdfTextFont): RowLines {
    const measure = (text: string) => font.em(text) * TABLE_FONT_PT;
    const cells = texts.map((text, i) =>
      text && (wrapAll || this.table.columns[i].wrap) ? wrapLines(text, this.widths[i] - 2 * CELL_PADDING_PT, measure, this.maxLines) : [text],
    );
    return { cells, height: Math.max(1, ...cells.map((lines) => lines.length)) * LINE.height };
  }

  /** Each cell's lines centred in the row's height from `top`: numbers at the column's right, text at its left. */
  private drawCells(row: RowLines, top: number, font: PdfTextFont, color: HexColor, numbers?: readonly boolean[]): void {
    row.cells.forEach((lines, i) => {
      let baseline = top + (row.height - lines.length * LINE.height) / 2 + LINE.ascent;
      for (const line of lines) {
        const x = numbers?.[i] ? this.lefts[i] + this.widths[i] - CELL_PADDING_PT - font.em(line) * TABLE_FONT_PT : this.lefts[i] + CELL_PADDING_PT;
        this.page.text(line, x, -baseline, font, TABLE_FONT_PT, color);
        baseline += LINE.height;
      }
    });
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
