// The public surface of this domain: its module, imported by the app module.
export { BillingSupportModule } from './billing-support.module';
// The invoice report, for scheduled reports.
export { InvoiceReportService } from './invoice-report/invoice-report.service';
