import ExcelJS, { type Style } from 'exceljs';
import { PassThrough } from 'node:stream';
import { CLP_FORMAT, frozenRowsViews, styleHeaderRow, styleTotalRow } from '../excel/excel-styles';
import { safeCellText } from '../excel/safe-cell-text';
import { renderCoverPage } from '../html/cover-page.template';
import { html } from '../html/escape-html';
import { renderReportDocument } from '../html/report-document';
import { CELL_PADDING_MM, columnWidthsMm, TABLE_FONT_PT } from './column-widths';

export type TableCell = string | number | null;

export interface TableColumn {
  title: string;
  /** Excel column width in characters (16 when not given). */
  width?: number;
  /** Pesos: the Chilean money format in Excel. */
  money?: boolean;
  /** Long text (an address): wraps in the PDF instead of widening the table. */
  wrap?: boolean;
}

/**
 * A report that is one table with total rows (trips, fuel, stops, temperature, inspections): the
 * same rows become CSV, an Excel workbook or a PDF with the reports' cover page.
 */
export interface TableReport {
  title: string;
  clientName: string;
  timeZone: string;
  periodLabel: string;
  generatedAt: Date;
  columns: readonly TableColumn[];
  rows: readonly TableCell[][];
  /** Rows drawn as totals (bold, shaded). */
  isTotal(row: readonly TableCell[]): boolean;
}

/** RFC 4180, comma separated, a header line; text cells kept from being read as formulas. */
export function tableCsv(report: Pick<TableReport, 'columns' | 'rows'>): Buffer {
  const cell = (value: TableCell) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const text = safeCellText(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [report.columns.map((column) => column.title), ...report.rows].map((row) => row.map(cell).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The workbook written by exceljs's streaming writer: each row committed as it is written, so a
 * 30 000-row report does not hold a whole workbook model in memory; header frozen.
 */
const MONEY_CELL: Partial<Style> = Object.freeze({ numFmt: CLP_FORMAT });

export async function tableWorkbook(report: Pick<TableReport, 'title' | 'columns' | 'rows' | 'isTotal'>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // Excel refuses sheet names over 31 characters.
  const sheet = workbook.addWorksheet(report.title.slice(0, 31), { views: frozenRowsViews(2) });
  sheet.columns = report.columns.map((column) => ({ width: column.width ?? 16 }));
  const header = sheet.addRow(report.columns.map((column) => column.title));
  styleHeaderRow(header);
  header.commit();
  const money = report.columns.flatMap((column, i) => (column.money ? [i + 1] : []));
  for (const values of report.rows) {
    const row = sheet.addRow(values.map((value) => (typeof value === 'string' ? safeCellText(value) : value)));
    const total = report.isTotal(values);
    // One shared style for the detail rows' money cells: exceljs finds a style object it has seen
    // by identity and serialises every new one to look it up; a total row's cells get their own (it styles them further).
    for (const column of money) row.getCell(column).style = total ? { numFmt: CLP_FORMAT } : MONEY_CELL;
    if (total) styleTotalRow(row);
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const STYLES = `
@page { size: A4 landscape; }
/* The cover fits the landscape page (177 mm high within the margins): at a portrait page's height it overflowed onto a blank second page. */
.cover { height: 170mm; }
h2 { font-size: 13pt; color: #10263d; margin: 0 0 4mm; }
/* Columns as wide as the <colgroup> says (columnWidthsMm): Chromium measures no cell to size them. */
table.detail { table-layout: fixed; }
/* Laid out for print only: Chromium lays a page out when it loads and again after printing it, at the screen's width (a third of a 2 500-row table's CPU). */
@media screen { table.detail { display: none; } }
table.detail th { background: #1f4e79; color: #fff; padding: 1.4mm ${CELL_PADDING_MM}mm; text-align: left; font-size: ${TABLE_FONT_PT}pt; }
table.detail td { padding: 0.8mm ${CELL_PADDING_MM}mm; border-bottom: 1px solid #e3e3e3; font-size: ${TABLE_FONT_PT}pt; white-space: nowrap; }
table.detail td.wrap { white-space: normal; }
table.detail td.num { text-align: right; white-space: nowrap; }
table.detail tr.totals td { font-weight: bold; background: #ddebf7; border-top: 1.5px solid #1f4e79; }
`;

// One formatter for every number (`toLocaleString` builds one per call: seconds at 30 000 rows).
const NUMBERS = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 3 });
const cellText = (value: TableCell) => (value === null ? '' : typeof value === 'number' ? NUMBERS.format(value) : value);

/** A part of a table printed in parts: the first has the cover and the title. */
export interface TablePart {
  first: boolean;
  /** The columns' widths over the whole table (`tableColumnWidths`): every part's columns as wide as the others'. */
  widths: readonly number[];
}

/**
 * The PDF's page: the cover, then the table on landscape A4 pages (the document's own `@page`
 * size wins over the renderer's orientation, so the landscape is said here), or one part of it.
 */
export function tableHtml(report: TableReport, part?: TablePart): string {
  const widths = part?.widths ?? tableColumnWidths(report);
  const cellClass = (value: TableCell, column: TableColumn) => (typeof value === 'number' ? 'num' : column.wrap ? 'wrap' : '');
  const cells = (row: readonly TableCell[]) => row.map((value, i) => html`<td class="${cellClass(value, report.columns[i])}">${cellText(value)}</td>`);
  const table = html`<table class="detail"><colgroup>${widths.map((mm) => html`<col style="width: ${mm.toFixed(2)}mm">`)}</colgroup>
<thead><tr>${report.columns.map((column) => html`<th>${column.title}</th>`)}</tr></thead>
<tbody>${report.rows.map((row) => html`<tr class="${report.isTotal(row) ? 'totals' : ''}">${cells(row)}</tr>`)}</tbody></table>`;
  const first = part?.first ?? true;
  return renderReportDocument({
    title: `${report.title} ${report.periodLabel}`,
    cover: first ? renderCoverPage({ clientName: report.clientName, title: report.title, periodLabel: report.periodLabel, generatedAt: report.generatedAt, timeZone: report.timeZone }) : undefined,
    body: first ? html`<h2>${report.title}</h2>${table}` : table,
    styles: STYLES,
  });
}

/** The PDF's column widths in mm, from every row's text as printed. */
export function tableColumnWidths(report: Pick<TableReport, 'columns' | 'rows' | 'isTotal'>): number[] {
  return columnWidthsMm(
    report.columns,
    report.rows.map((row) => ({ texts: row.map(cellText), total: report.isTotal(row) })),
  );
}
