import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { DrivingReportService } from '../../driving';
import { builtReport } from './read-whole';
import { isIdList, unknownParams } from './source-params';
import { type BuiltReport, type ReportPeriod, type ReportSource, ScheduledReportSource } from './report-source';

const DRIVING_PARAMS = {
  assetIds: "optional: 1 to 100 assets of the owner's, in service (checked at each run); without it, every one the owner sees",
  driverIds: 'optional: 1 to 100 drivers; rows are then per driver',
  groupBy: 'optional: `asset` or `driver` (default `driver` with driverIds, else `asset`)',
} as const;

/** `{assetIds?, driverIds?, groupBy?}`: each optional, checked as the report on demand checks them. */
function drivingParams(params: Record<string, unknown>): string | null {
  const unknown = unknownParams(params, DRIVING_PARAMS);
  if (unknown) return unknown;
  if (params.assetIds !== undefined && !isIdList(params.assetIds, 100)) return 'params.assetIds must be 1 to 100 distinct asset ids';
  if (params.driverIds !== undefined && !isIdList(params.driverIds, 100)) return 'params.driverIds must be 1 to 100 distinct driver ids';
  if (params.groupBy !== undefined && params.groupBy !== 'asset' && params.groupBy !== 'driver') return 'params.groupBy must be asset or driver';
  return null;
}

/** The driving report on a schedule (docs/driving.md, "The driving report"): `access_reports` like the report on demand. */
@Injectable()
@ScheduledReportSource()
export class DrivingReportSource implements ReportSource {
  readonly name = 'driving';
  readonly permission = Permission.Reports;
  readonly formats = ['xlsx', 'pdf'] as const;
  readonly params = DRIVING_PARAMS;

  constructor(private readonly driving: DrivingReportService) {}

  checkParams(params: Record<string, unknown>): string | null {
    return drivingParams(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: 'xlsx' | 'pdf'): Promise<BuiltReport> {
    const file = await this.driving.build(auth, {
      ...(params.assetIds !== undefined && { assetIds: params.assetIds as string[] }),
      ...(params.driverIds !== undefined && { driverIds: params.driverIds as string[] }),
      ...(params.groupBy !== undefined && { groupBy: params.groupBy as 'asset' | 'driver' }),
      from: period.from.toISO()!,
      to: period.to.toISO()!,
      format,
    });
    return builtReport(file);
  }
}
