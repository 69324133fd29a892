import type { PortalInvoice } from '@app/integrations';
import { sortForDetail, summarizeInvoices } from './invoice-summary';

const invoice = (folio: string, paymentStatus: PortalInvoice['paymentStatus'], net: number, issueDate = '2026-01-10'): PortalInvoice => ({
  folio,
  paymentStatus,
  issueDate,
  dueDate: '2026-02-10',
  net,
  vat: Math.round(net * 0.19),
  total: net + Math.round(net * 0.19),
});

describe('summarizeInvoices', () => {
  it('adds totals by payment status and leaves Sin cobro out of every figure', () => {
    const summary = summarizeInvoices([
      invoice('1', 'Pagada', 100_000),
      invoice('2', 'Pendiente', 200_000),
      invoice('3', 'Vencida', 300_000),
      invoice('4', 'Sin cobro', 1_000_000),
      invoice('5', 'Pagada', 50_000),
    ]);
    expect(summary).toEqual({
      invoiceCount: 4,
      notChargedCount: 1,
      net: 650_000,
      vat: 123_500,
      totalInvoiced: 773_500,
      paid: 178_500,
      pending: 238_000,
      overdue: 357_000,
    });
  });

  it('is all zeros for no invoices or only Sin cobro', () => {
    expect(summarizeInvoices([invoice('1', 'Sin cobro', 5)])).toMatchObject({ invoiceCount: 0, notChargedCount: 1, totalInvoiced: 0 });
    expect(summarizeInvoices([])).toMatchObject({ invoiceCount: 0, totalInvoiced: 0, paid: 0 });
  });
});

describe('sortForDetail', () => {
  it('orders by issue date, then folio numerically, without touching the input', () => {
    const input = [invoice('F-10', 'Pagada', 1, '2026-01-02'), invoice('F-2', 'Pagada', 1, '2026-01-02'), invoice('F-1', 'Pagada', 1, '2026-01-03')];
    expect(sortForDetail(input).map((i) => i.folio)).toEqual(['F-2', 'F-10', 'F-1']);
    expect(input[0].folio).toBe('F-10');
  });
});
