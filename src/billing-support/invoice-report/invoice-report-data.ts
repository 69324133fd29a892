import type { Language } from '@app/i18n';
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
  /** The reader's (the caller's): the file's words and how it writes days. */
  language: Language;
}
