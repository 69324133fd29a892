import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { FleetReportsService } from '../../fuel';
import { builtReport } from './read-whole';
import { type BuiltReport, periodInClientTimes, type ReportFormat, type ReportPeriod, type ReportSource, ScheduledReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';

/** The trip and fuel reports on a schedule (docs/reports.md, "Trip and fuel reports"): the period's trips of the assets. */
@Injectable()
abstract class FleetReportSource implements ReportSource {
  abstract readonly name: 'trips' | 'fuel';
  abstract readonly permission: Permission;
  readonly formats = ['xlsx', 'pdf', 'csv'] as const;
  readonly params = FLEET_PARAMS;

  constructor(private readonly reports: FleetReportsService) {}

  checkParams(params: Record<string, unknown>): string | null {
    return assetIdsOnly(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport> {
    return builtReport(await this.reports.build(auth, this.name, { assetIds: params.assetIds as string[], ...periodInClientTimes(auth, period), format }));
  }
}

@ScheduledReportSource()
export class TripsReportSource extends FleetReportSource {
  readonly name = 'trips';
  readonly permission = Permission.Reports;
}

@ScheduledReportSource()
export class FuelReportSource extends FleetReportSource {
  readonly name = 'fuel';
  readonly permission = Permission.Fuel;
}
