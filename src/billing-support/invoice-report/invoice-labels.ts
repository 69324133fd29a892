import { type InEveryLanguage, type Language, REPORT_WORDS } from '@app/i18n';
import type { InvoicePeriod } from '@app/integrations';
import { formatDayCl } from '@app/reports';
import type { InvoiceSummary } from './invoice-summary';

/**
 * The words of the invoice report's Excel and PDF versions, per language. The portal's payment
 * statuses ('Sin cobro', …) are its data and stay as it writes them.
 */
export interface InvoiceWords {
  title: string;
  fileStem: string;
  summarySheet: string;
  detailSheet: string;
  concept: string;
  value: string;
  detailColumns: readonly string[];
  totals: string;
  notChargedNote: string;
  lines: { invoiceCount: string; totalInvoiced: string; paid: string; pending: string; overdue: string; notCharged: string };
}

export const INVOICE_WORDS: InEveryLanguage<InvoiceWords> = {
  es: {
    title: 'Informe de facturas',
    fileStem: 'informe-facturas',
    summarySheet: 'Resumen',
    detailSheet: 'Detalle',
    concept: 'Concepto',
    value: 'Valor',
    detailColumns: ['Folio', 'Estado de pago', 'Fecha de emisión', 'Fecha de vencimiento', 'Neto', 'IVA (19%)', 'Total'],
    totals: 'Totales (excluye Sin cobro)',
    notChargedNote: 'Las facturas "Sin cobro" (anuladas o con nota de crédito) se listan en el detalle y no se suman en ningún total.',
    lines: {
      invoiceCount: 'Número de facturas',
      totalInvoiced: 'Total facturado',
      paid: 'Pagado',
      pending: 'Pendiente',
      overdue: 'Vencido',
      notCharged: 'Facturas Sin cobro (no incluidas)',
    },
  },
  en: {
    title: 'Invoice report',
    fileStem: 'invoice-report',
    summarySheet: 'Summary',
    detailSheet: 'Detail',
    concept: 'Item',
    value: 'Value',
    detailColumns: ['Folio', 'Payment status', 'Issue date', 'Due date', 'Net', 'VAT (19%)', 'Total'],
    totals: 'Totals (Sin cobro excluded)',
    notChargedNote: 'Invoices "Sin cobro" (voided or with a credit note) are listed in the detail and added to no total.',
    lines: {
      invoiceCount: 'Number of invoices',
      totalInvoiced: 'Total invoiced',
      paid: 'Paid',
      pending: 'Pending',
      overdue: 'Overdue',
      notCharged: 'Invoices Sin cobro (not included)',
    },
  },
};

/** The summary lines in order: label, value, and whether the value is an amount in pesos. */
export function summaryLines(summary: InvoiceSummary, language: Language): Array<{ label: string; value: number; money: boolean }> {
  const lines = INVOICE_WORDS[language].lines;
  return [
    { label: lines.invoiceCount, value: summary.invoiceCount, money: false },
    { label: lines.totalInvoiced, value: summary.totalInvoiced, money: true },
    { label: lines.paid, value: summary.paid, money: true },
    { label: lines.pending, value: summary.pending, money: true },
    { label: lines.overdue, value: summary.overdue, money: true },
    { label: lines.notCharged, value: summary.notChargedCount, money: false },
  ];
}

/** A `YYYY-MM-DD` day as the language writes it: `31-01-2026`, `31/01/2026`. */
export const invoiceDay = (isoDay: string, language: Language) => (language === 'es' ? formatDayCl(isoDay) : formatDayCl(isoDay).replace(/-/g, '/'));

export const periodLabel = (period: InvoicePeriod, language: Language) =>
  REPORT_WORDS[language].between(invoiceDay(period.from, language), invoiceDay(period.to, language));

export const reportFileName = (period: InvoicePeriod, extension: string, language: Language) =>
  `${INVOICE_WORDS[language].fileStem}_${period.from}_${period.to}.${extension}`;
