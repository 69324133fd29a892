import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { BillingPortalModule } from '@app/integrations';
import { ReportsModule } from '@app/reports';
import { InvoiceReportService } from './invoice-report/invoice-report.service';
import { InvoicesController } from './invoices.controller';
import { SupportTicketReadsService } from './tickets/support-ticket-reads.service';
import { SupportTicketsController } from './tickets/support-tickets.controller';
import { SupportTicketsService } from './tickets/support-tickets.service';
import { TicketRequests } from './tickets/ticket-requests';
import { SupportTicketRequest, SupportTicketRequestSchema } from './schemas/support-ticket-request.schema';

/** Support tickets and the invoice report, both over the billing-and-support portal. */
@Module({
  imports: [BillingPortalModule, ReportsModule, TenantDataModule.forFeature([{ name: SupportTicketRequest.name, schema: SupportTicketRequestSchema }])],
  controllers: [SupportTicketsController, InvoicesController],
  providers: [SupportTicketsService, SupportTicketReadsService, InvoiceReportService, TicketRequests],
  exports: [InvoiceReportService],
})
export class BillingSupportModule {}
