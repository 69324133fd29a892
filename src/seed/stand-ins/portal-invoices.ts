import type { PaymentStatus, PortalInvoice } from '@app/integrations';

const STATUSES: PaymentStatus[] = ['Pagada', 'Pendiente', 'Vencida', 'Sin cobro'];

/** `count` invoices issued in one month (January 2026 by default), payment statuses in turn, amounts with 19% VAT. */
export function buildInvoices(count: number, options: { folioPrefix?: string; month?: string } = {}): PortalInvoice[] {
  const month = options.month ?? '2026-01';
  return Array.from({ length: count }, (_, i) => {
    const net = 10_000 + i * 1_234;
    const vat = Math.round(net * 0.19);
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      folio: `${options.folioPrefix ?? 'F-'}${1000 + i}`,
      paymentStatus: STATUSES[i % STATUSES.length],
      issueDate: `${month}-${day}`,
      dueDate: `${month}-${day}`.replace(/-(\d\d)-/, (_m, m) => `-${String(Number(m) + 1).padStart(2, '0')}-`),
      net,
      vat,
      total: net + vat,
    };
  });
}

/**
 * The demo portal's invoices of any client: five a month over the last 24 months up to `now`, so
 * that a report over any recent period has rows. Folios carry the month to stay unique.
 */
export function demoInvoices(now = new Date()): PortalInvoice[] {
  const invoices: PortalInvoice[] = [];
  for (let back = 23; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const month = first.toISOString().slice(0, 7);
    const monthInvoices = buildInvoices(5, { month, folioPrefix: `F-${month.replace('-', '')}-` }).map((invoice) => ({
      ...invoice,
      // buildInvoices' due date rolls the month number only; December must roll the year too.
      dueDate: new Date(Date.parse(`${invoice.issueDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10),
    }));
    invoices.push(...monthInvoices);
  }
  return invoices;
}
