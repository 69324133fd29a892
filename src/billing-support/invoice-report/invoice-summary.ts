import type { PortalInvoice } from '@app/integrations';

/** Voided or credited: listed in the detail, left out of every total (spec). */
export const NOT_CHARGED = 'Sin cobro';

export interface InvoiceSummary {
  /** Invoices that count: every one but `Sin cobro`. */
  invoiceCount: number;
  notChargedCount: number;
  net: number;
  vat: number;
  totalInvoiced: number;
  paid: number;
  pending: number;
  overdue: number;
}

/** The summary of the spec (count, invoiced, paid, pending, overdue), `Sin cobro` excluded throughout. */
export function summarizeInvoices(invoices: readonly PortalInvoice[]): InvoiceSummary {
  const summary: InvoiceSummary = { invoiceCount: 0, notChargedCount: 0, net: 0, vat: 0, totalInvoiced: 0, paid: 0, pending: 0, overdue: 0 };
  for (const invoice of invoices) {
    if (invoice.paymentStatus === NOT_CHARGED) {
      summary.notChargedCount += 1;
      continue;
    }
    summary.invoiceCount += 1;
    summary.net += invoice.net;
    summary.vat += invoice.vat;
    summary.totalInvoiced += invoice.total;
    if (invoice.paymentStatus === 'Pagada') summary.paid += invoice.total;
    else if (invoice.paymentStatus === 'Pendiente') summary.pending += invoice.total;
    else if (invoice.paymentStatus === 'Vencida') summary.overdue += invoice.total;
  }
  return summary;
}

/** Detail order: by issue date, then folio (numeric-aware, so F-2 comes before F-10). */
export function sortForDetail(invoices: readonly PortalInvoice[]): PortalInvoice[] {
  return [...invoices].sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.folio.localeCompare(b.folio, 'es', { numeric: true }));
}
