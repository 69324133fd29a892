import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { ActivityService } from '../../activity';
import { builtReport } from './read-whole';
import { type BuiltReport, type ReportPeriod, type ReportSource, ScheduledReportSource } from './report-source';
import { onlyStrings } from './source-params';

const ACTIVITY_PARAMS = {
  actorId: 'events of this user',
  action: 'the dotted verb, exactly (`driver.import`)',
  entityType: 'the kind of record (`driver`, `user`)',
} as const;

/** The activity log's export on a schedule: the period's events, filtered as the export filters them. */
@Injectable()
@ScheduledReportSource()
export class ActivityReportSource implements ReportSource {
  readonly name = 'activity';
  readonly permission = Permission.ActivityLog;
  readonly formats = ['csv', 'xlsx'] as const;
  readonly params = ACTIVITY_PARAMS;

  constructor(private readonly activity: ActivityService) {}

  checkParams(params: Record<string, unknown>): string | null {
    return onlyStrings(params, ACTIVITY_PARAMS);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: 'csv' | 'xlsx'): Promise<BuiltReport> {
    const file = await this.activity.export(auth, { ...params, from: period.from.toISO()!, to: period.to.toISO()!, format });
    return builtReport({ ...file, rows: file.count });
  }
}
