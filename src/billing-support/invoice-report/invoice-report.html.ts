import { html } from '@app/formats';
import { formatClp, renderCoverPage, renderReportDocument } from '@app/reports';
import { INVOICE_WORDS, invoiceDay, periodLabel, summaryLines } from './invoice-labels';
import type { InvoiceReportData } from './invoice-report-data';
import { NOT_CHARGED } from './invoice-summary';

const STYLES = `
h2 { font-size: 13pt; color: #10263d; margin: 0 0 4mm; }
.summary { width: 110mm; margin-bottom: 6mm; }
.summary td { padding: 1.6mm 2mm; border-bottom: 1px solid #ddd; }
.summary td.value { text-align: right; font-weight: bold; }
.note { font-size: 8pt; color: #555; margin-bottom: 8mm; }
.detail table { table-layout: fixed; }
.detail th { background: #1f4e79; color: #fff; padding: 1.4mm 1.5mm; text-align: left; font-size: 8pt; }
.detail td { padding: 0.8mm 1.5mm; border-bottom: 1px solid #e3e3e3; }
.detail td:first-child { word-break: break-all; }
.detail .day { white-space: nowrap; }
.detail .num { text-align: right; white-space: nowrap; }
.detail tr.not-charged td { color: #888; font-style: italic; }
.detail tr.totals td { font-weight: bold; background: #ddebf7; border-top: 1.5px solid #1f4e79; }
`;

// Folio, status, two dates, three amounts: fixed, so a long folio wraps instead of squeezing the rest.
const COLUMN_WIDTHS = ['22%', '12%', '12%', '12%', '14%', '14%', '14%'];

/** The PDF's HTML: the shared cover page, the summary, then the detail. Every value escaped by `html`. */
export function renderInvoiceReportHtml(data: InvoiceReportData): string {
  const { language } = data;
  const words = INVOICE_WORDS[language];
  const money = (amount: number) => formatClp(amount);
  const summary = html`<h2>${words.summarySheet}</h2>
<table class="summary">${summaryLines(data.summary, language).map(
    (line) => html`<tr><td>${line.label}</td><td class="value">${line.money ? money(line.value) : line.value}</td></tr>`,
  )}</table>
<p class="note">${words.notChargedNote}</p>`;
  const rows = data.invoices.map(
    (invoice) => html`<tr class="${invoice.paymentStatus === NOT_CHARGED ? 'not-charged' : ''}">
<td>${invoice.folio}</td><td>${invoice.paymentStatus}</td><td class="day">${invoiceDay(invoice.issueDate, language)}</td><td class="day">${invoiceDay(invoice.dueDate, language)}</td>
<td class="num">${money(invoice.net)}</td><td class="num">${money(invoice.vat)}</td><td class="num">${money(invoice.total)}</td></tr>`,
  );
  const detail = html`<section class="detail"><h2>${words.detailSheet}</h2>
<table><colgroup>${COLUMN_WIDTHS.map((width) => html`<col style="width: ${width}">`)}</colgroup>
<thead><tr>${words.detailColumns.map((label, i) => html`<th class="${i >= 4 ? 'num' : ''}">${label}</th>`)}</tr></thead>
<tbody>${rows}
<tr class="totals"><td colspan="4">${words.totals}</td><td class="num">${money(data.summary.net)}</td><td class="num">${money(data.summary.vat)}</td><td class="num">${money(data.summary.totalInvoiced)}</td></tr>
</tbody></table></section>`;
  return renderReportDocument({
    title: `${words.title} ${periodLabel(data.period, language)}`,
    cover: renderCoverPage({
      clientName: data.clientName,
      title: words.title,
      periodLabel: periodLabel(data.period, language),
      generatedAt: data.generatedAt,
      timeZone: data.timeZone,
      language,
    }),
    body: html`${summary}${detail}`,
    styles: STYLES,
  });
}
