import { Injectable } from '@nestjs/common';
import { Permission } from '@app/auth';
import { ActivityService } from '../../activity';
import { InvoiceReportService } from '../../billing-support';
import { FleetReportsService } from '../../fuel';
import { readWhole } from './read-whole';
import { ReportName, ReportSource } from './report-source';

const ACTIVITY_PARAMS = { actorId: 'events of this user', action: 'the dotted verb, exactly (`driver.import`)', entityType: 'the kind of record (`driver`, `user`)' } as const;

const FLEET_PARAMS = { assetIds: '1 to 100 assets of the owner\'s, in service (checked at each run)' } as const;

/** `{assetIds}`: 1 to 100 distinct asset ids. */
function assetIdsOnly(params: Record<string, unknown>): string | null {
  const unknown = Object.keys(params).filter((key) => key !== 'assetIds');
  if (unknown.length) return `params: unknown ${unknown.join(', ')} (this report takes assetIds)`;
  const ids = params.assetIds;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100 || new Set(ids).size !== ids.length || !ids.every((id) => typeof id === 'string' && /^[0-9a-fA-F]{24}$/.test(id))) {
    return 'params.assetIds must be 1 to 100 distinct asset ids';
  }
  return null;
}

/** Unknown keys and non-string values of `params`, in words; null when they are fine. */
function onlyStrings(params: Record<string, unknown>, allowed: Readonly<Record<string, string>>): string | null {
  const unknown = Object.keys(params).filter((key) => !Object.hasOwn(allowed, key));
  if (unknown.length) return `params: unknown ${unknown.join(', ')} (this report takes ${Object.keys(allowed).join(', ') || 'none'})`;
  const bad = Object.entries(params).filter(([, value]) => typeof value !== 'string' || value.length === 0 || value.length > 100);
  return bad.length ? `params.${bad[0][0]} must be a text of 1 to 100 characters` : null;
}

/**
 * The reports a schedule may run (docs/reports.md, "Scheduled reports"), each through its own
 * domain's public service, as the schedule's owner.
 */
@Injectable()
export class ReportSources {
  private readonly sources = new Map<ReportName, ReportSource>();

  constructor(activity: ActivityService, invoices: InvoiceReportService, fleetReports: FleetReportsService) {
    for (const [name, permission] of [['trips', Permission.Reports], ['fuel', Permission.Fuel]] as const) {
      this.add({
        name,
        permission,
        formats: ['xlsx', 'pdf', 'csv'],
        params: FLEET_PARAMS,
        checkParams: assetIdsOnly,
        build: async (auth, params, period, format) => {
          // The report reads its dates in the client's zone: the period, shown there.
          const at = (moment: typeof period.from) => moment.setZone(auth.client.timeZone).toFormat('dd/MM/yyyy HH:mm:ss');
          const file = await fleetReports.build(auth, name, { assetIds: params.assetIds as string[], from: at(period.from), to: at(period.to), format });
          return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: null };
        },
      });
    }
    this.add({
      name: 'activity',
      permission: Permission.ActivityLog,
      formats: ['csv', 'xlsx'],
      params: ACTIVITY_PARAMS,
      checkParams: (params) => onlyStrings(params, ACTIVITY_PARAMS),
      build: async (auth, params, period, format) => {
        const file = await activity.export(auth, { ...params, from: period.from.toISO()!, to: period.to.toISO()!, format: format as 'csv' | 'xlsx' });
        return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.count };
      },
    });
    this.add({
      name: 'invoices',
      permission: Permission.Invoices,
      formats: ['xlsx', 'pdf'],
      params: {},
      checkParams: (params) => onlyStrings(params, {}),
      build: async (auth, _params, period, format) => {
        const file = await invoices.generate(auth, { from: period.from.toISODate()!, to: period.to.toISODate()! }, format as 'xlsx' | 'pdf');
        return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: null };
      },
    });
  }

  /** Another domain's report (trips, fuel), added by that domain's module. */
  add(source: ReportSource): void {
    this.sources.set(source.name, source);
  }

  get(name: ReportName): ReportSource | undefined {
    return this.sources.get(name);
  }

  names(): ReportName[] {
    return [...this.sources.keys()];
  }
}
