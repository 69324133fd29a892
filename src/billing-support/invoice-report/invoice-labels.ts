import { formatDayCl } from '@app/reports';
import type { InvoicePeriod } from '@app/integrations';
import type { InvoiceSummary } from './invoice-summary';

/** Spanish texts shared by the Excel and PDF versions of the invoice report. */
export const REPORT_TITLE = 'Informe de facturas';

export const DETAIL_COLUMNS = ['Folio', 'Estado de pago', 'Fecha de emisión', 'Fecha de vencimiento', 'Neto', 'IVA (19%)', 'Total'] as const;

export const TOTALS_LABEL = 'Totales (excluye Sin cobro)';
export const NOT_CHARGED_NOTE = 'Las facturas "Sin cobro" (anuladas o con nota de crédito) se listan en el detalle y no se suman en ningún total.';

/** The summary lines in order: label, value, and whether the value is an amount in pesos. */
export function summaryLines(summary: InvoiceSummary): Array<{ label: string; value: number; money: boolean }> {
  return [
    { label: 'Número de facturas', value: summary.invoiceCount, money: false },
    { label: 'Total facturado', value: summary.totalInvoiced, money: true },
    { label: 'Pagado', value: summary.paid, money: true },
    { label: 'Pendiente', value: summary.pending, money: true },
    { label: 'Vencido', value: summary.overdue, money: true },
    { label: 'Facturas Sin cobro (no incluidas)', value: summary.notChargedCount, money: false },
  ];
}

export const periodLabel = (period: InvoicePeriod) => `${formatDayCl(period.from)} al ${formatDayCl(period.to)}`;

export const reportFileName = (period: InvoicePeriod, extension: string) => `informe-facturas_${period.from}_${period.to}.${extension}`;
