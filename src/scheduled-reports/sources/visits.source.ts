import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { VisitReportService } from '../../visits';
import { builtReport } from './read-whole';
import { type BuiltReport, type ReportFormat, type ReportPeriod, type ReportSource, periodInClientTimes, ScheduledReportSource } from './report-source';
import { FLEET_PARAMS, isIdList, unknownParams } from './source-params';

const VISIT_PARAMS = { ...FLEET_PARAMS, placeIds: "optional: only these places' visits, 1 to 500 of the owner's (checked at each run)" } as const;

/** `{assetIds, placeIds?}`: the fleet reports' assets, and 1 to 500 distinct place ids if any. */
function visitParams(params: Record<string, unknown>): string | null {
  const unknown = unknownParams(params, VISIT_PARAMS);
  if (unknown) return unknown;
  if (!isIdList(params.assetIds, 100)) return 'params.assetIds must be 1 to 100 distinct asset ids';
  return params.placeIds === undefined || isIdList(params.placeIds, 500) ? null : 'params.placeIds must be 1 to 500 distinct place ids';
}

/**
 * The visit report on a schedule (docs/places.md, "The visit report"): the period's visits of the assets, at
 * the places if named; `access_places` like the report on demand.
 */
@Injectable()
@ScheduledReportSource()
export class VisitsReportSource implements ReportSource {
  readonly name = 'visits';
  readonly permission = Permission.Places;
  readonly formats = ['xlsx', 'pdf', 'csv'] as const;
  readonly params = VISIT_PARAMS;

  constructor(private readonly visits: VisitReportService) {}

  checkParams(params: Record<string, unknown>): string | null {
    return visitParams(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport> {
    const file = await this.visits.build(auth, {
      assetIds: params.assetIds as string[],
      ...(params.placeIds !== undefined && { placeIds: params.placeIds as string[] }),
      ...periodInClientTimes(auth, period),
      format,
    });
    return builtReport(file);
  }
}
