import ExcelJS, { type Style } from 'exceljs';
import { PassThrough } from 'node:stream';
import { type InEveryLanguage, type Language, NUMBER_LOCALES } from '@app/i18n';
import { CLP_FORMAT, frozenRowsViews, styleHeaderRow, styleTotalRow } from '../excel/excel-styles';
import { safeCellText } from '../excel/safe-cell-text';
import { renderCoverPage } from '../html/cover-page.template';
import { html } from '@app/formats';
import { renderReportDocument } from '../html/report-document';
import type { DrawnRow } from './table-pages';

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

/** A column as a report declares it: its title in every language. */
export interface ColumnInEveryLanguage extends Omit<TableColumn, 'title'> {
  title: InEveryLanguage<string>;
}

/** The columns with their titles in the reader's language. */
export const columnsIn = (columns: readonly ColumnInEveryLanguage[], language: Language): TableColumn[] =>
  columns.map(({ title, ...column }) => ({ ...column, title: title[language] }));

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
  /** The reader's: the cover's and footer's words, and how the PDF writes numbers (the titles and cells come written). */
  language: Language;
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

// The cover fits the landscape page (177 mm high within the margins): at a portrait page's height
// it overflowed onto a blank second page. The document's own `@page` size wins over the
// renderer's orientation, so the landscape is said here.
const COVER_STYLES = `
@page { size: A4 landscape; }
.cover { height: 170mm; }
`;

// One formatter per language for every number (`toLocaleString` builds one per call: seconds at 30 000 rows).
const NUMBERS: Record<Language, Intl.NumberFormat> = {
  es: new Intl.NumberFormat(NUMBER_LOCALES.es, { maximumFractionDigits: 3 }),
  en: new Intl.NumberFormat(NUMBER_LOCALES.en, { maximumFractionDigits: 3 }),
};
/** A cell as the PDF shows it: numbers as the reader's language writes them (`6,672` and `176.000` in Spanish). */
const cellText = (value: TableCell, numbers: Intl.NumberFormat) => (value === null ? '' : typeof value === 'number' ? numbers.format(value) : value);

/** The PDF's first page, printed by Chromium: the reports' cover (the table's pages are drawn by our code). */
export function tableCoverHtml(report: Pick<TableReport, 'title' | 'clientName' | 'periodLabel' | 'generatedAt' | 'timeZone' | 'language'>): string {
  return renderReportDocument({
    title: `${report.title} ${report.periodLabel}`,
    cover: renderCoverPage({
      clientName: report.clientName,
      title: report.title,
      periodLabel: report.periodLabel,
      generatedAt: report.generatedAt,
      timeZone: report.timeZone,
      language: report.language,
    }),
    body: html``,
    styles: COVER_STYLES,
  });
}

/** The PDF's rows: each cell's text as printed, numbers right-aligned, total rows bold. */
export function tablePdfRows(report: Pick<TableReport, 'rows' | 'isTotal' | 'language'>): DrawnRow[] {
  const numbers = NUMBERS[report.language];
  return report.rows.map((row) => ({
    texts: row.map((value) => cellText(value, numbers)),
    numbers: row.map((value) => typeof value === 'number'),
    total: report.isTotal(row),
  }));
}
