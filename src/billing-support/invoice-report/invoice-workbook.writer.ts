import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import type { Writable } from 'node:stream';
import { CLP_FORMAT, DAY_FORMAT, frozenRowsViews, isoDayToUtcDate, safeCellText, styleHeaderRow, styleTotalRow } from '@app/reports';
import { REPORT_WORDS } from '@app/i18n';
import { INVOICE_WORDS, periodLabel, summaryLines } from './invoice-labels';
import type { InvoiceReportData } from './invoice-report-data';
import { NOT_CHARGED } from './invoice-summary';

/**
 * Writes the report as an .xlsx into `output` with exceljs' streaming writer: rows are committed
 * as they are written, so memory stays flat whatever the number of invoices. Two sheets:
 * "Resumen" (the spec's summary) and "Detalle" (in Spanish) (one row per invoice, frozen header, filters,
 * totals that exclude `Sin cobro`, as live formulas with their values).
 */
export async function writeInvoiceWorkbook(data: InvoiceReportData, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = REPORT_WORDS[data.language].brand;
  workbook.created = data.generatedAt;
  writeSummarySheet(workbook, data);
  writeDetailSheet(workbook, data);
  await workbook.commit();
}

function writeSummarySheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, data: InvoiceReportData): void {
  const { language } = data;
  const words = INVOICE_WORDS[language];
  const report = REPORT_WORDS[language];
  const sheet = workbook.addWorksheet(words.summarySheet);
  sheet.columns = [{ width: 36 }, { width: 24 }];
  const title = sheet.addRow([words.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const generated = DateTime.fromJSDate(data.generatedAt, { zone: data.timeZone }).toFormat(report.minuteFormat);
  for (const [label, value] of [
    [report.client, safeCellText(data.clientName)],
    [report.period, periodLabel(data.period, language)],
    [report.generatedAt, `${generated} (${data.timeZone})`],
  ]) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();
  const header = sheet.addRow([words.concept, words.value]);
  styleHeaderRow(header);
  header.commit();
  for (const line of summaryLines(data.summary, language)) {
    const row = sheet.addRow([line.label, line.value]);
    row.getCell(2).numFmt = line.money ? CLP_FORMAT : '0';
    row.commit();
  }
  sheet.addRow([]).commit();
  const note = sheet.addRow([words.notChargedNote]);
  note.font = { italic: true, color: { argb: 'FF555555' } };
  note.commit();
  sheet.commit();
}

function writeDetailSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, data: InvoiceReportData): void {
  const words = INVOICE_WORDS[data.language];
  const sheet = workbook.addWorksheet(words.detailSheet, { views: frozenRowsViews(2) });
  sheet.columns = [
    { key: 'folio', width: 16 },
    { key: 'paymentStatus', width: 16 },
    { key: 'issueDate', width: 18, style: { numFmt: DAY_FORMAT } },
    { key: 'dueDate', width: 20, style: { numFmt: DAY_FORMAT } },
    { key: 'net', width: 16, style: { numFmt: CLP_FORMAT } },
    { key: 'vat', width: 16, style: { numFmt: CLP_FORMAT } },
    { key: 'total', width: 16, style: { numFmt: CLP_FORMAT } },
  ];
  const lastDataRow = data.invoices.length + 1;
  sheet.autoFilter = `A1:G${lastDataRow}`;
  const header = sheet.addRow([...words.detailColumns]);
  styleHeaderRow(header);
  header.commit();
  for (const invoice of data.invoices) {
    const row = sheet.addRow([
      safeCellText(invoice.folio),
      invoice.paymentStatus,
      isoDayToUtcDate(invoice.issueDate),
      isoDayToUtcDate(invoice.dueDate),
      invoice.net,
      invoice.vat,
      invoice.total,
    ]);
    if (invoice.paymentStatus === NOT_CHARGED) row.font = { italic: true, color: { argb: 'FF808080' } };
    row.commit();
  }
  const { net, vat, totalInvoiced } = data.summary;
  const totals = sheet.addRow([
    words.totals,
    null,
    null,
    null,
    ...[
      ['E', net],
      ['F', vat],
      ['G', totalInvoiced],
    ].map(([column, sum]) => excludingNotCharged(column as string, sum as number, lastDataRow)),
  ]);
  styleTotalRow(totals);
  totals.commit();
  sheet.commit();
}

// A live formula (the sheet stays right if someone edits a row) with its value cached for readers that do not recalculate.
function excludingNotCharged(column: string, result: number, lastDataRow: number): ExcelJS.CellValue {
  if (lastDataRow < 2) return 0;
  return { formula: `SUMIFS(${column}2:${column}${lastDataRow},B2:B${lastDataRow},"<>${NOT_CHARGED}")`, result };
}
