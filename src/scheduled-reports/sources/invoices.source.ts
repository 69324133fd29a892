import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { InvoiceReportService } from '../../billing-support';
import { builtReport } from './read-whole';
import { type BuiltReport, type ReportPeriod, type ReportSource, ScheduledReportSource } from './report-source';
import { onlyStrings } from './source-params';

/** The invoice report on a schedule: the client's invoices of the period's days, from the billing portal. */
@Injectable()
@ScheduledReportSource()
export class InvoicesReportSource implements ReportSource {
  readonly name = 'invoices';
  readonly permission = Permission.Invoices;
  readonly formats = ['xlsx', 'pdf'] as const;
  readonly params = {};

  constructor(private readonly invoices: InvoiceReportService) {}

  checkParams(params: Record<string, unknown>): string | null {
    return onlyStrings(params, {});
  }

  async build(auth: AuthContext, _params: Record<string, unknown>, period: ReportPeriod, format: 'xlsx' | 'pdf'): Promise<BuiltReport> {
    return builtReport(await this.invoices.generate(auth, { from: period.from.toISODate()!, to: period.to.toISODate()! }, format));
  }
}
