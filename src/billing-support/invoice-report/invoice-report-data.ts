import type { InvoicePeriod, PortalInvoice } from '@app/integrations';
import type { InvoiceSummary } from './invoice-summary';

/** Everything either rendering of the report needs, computed once. */
export interface InvoiceReportData {
  clientName: string;
  /** The client's IANA zone, for the generation time. */
  timeZone: string;
  period: InvoicePeriod;
  generatedAt: Date;
  /** In detail order. */
  invoices: PortalInvoice[];
  summary: InvoiceSummary;
}
