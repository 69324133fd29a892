import { Module } from '@nestjs/common';
import { BillingPortalModule } from '@app/integrations';
import { ReportsModule } from '@app/reports';
import { InvoiceReportService } from './invoice-report/invoice-report.service';
import { InvoicesController } from './invoices.controller';
import { SupportTicketReadsService } from './tickets/support-ticket-reads.service';
import { SupportTicketsController } from './tickets/support-tickets.controller';
import { SupportTicketsService } from './tickets/support-tickets.service';

/** Support tickets and the invoice report, both over the billing-and-support portal. */
@Module({
  imports: [BillingPortalModule, ReportsModule],
  controllers: [SupportTicketsController, InvoicesController],
  providers: [SupportTicketsService, SupportTicketReadsService, InvoiceReportService],
})
export class BillingSupportModule {}
