import { Injectable } from '@nestjs/common';
import { Permission, User } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { AssetDirectory } from '@app/fleet';
import { TableReportRenderer } from '@app/reports';
import { ActivityService } from '../../activity';
import { InvoiceReportService } from '../../billing-support';
import { FleetReportsService } from '../../fuel';
import { InspectionQueriesService } from '../../inspections';
import { StopsReportService, TemperatureStatsService } from '../../positions';
import { VisitReportService } from '../../visits';
import { DrivingReportService } from '../../driving';
import { drivingSource } from './driving.source';
import { inspectionsSource } from './inspections.source';
import { readWhole } from './read-whole';
import { ReportName, ReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS, onlyStrings } from './source-params';
import { stopsSource } from './stops.source';
import { temperatureSource } from './temperature.source';
import { visitsSource } from './visits.source';

const ACTIVITY_PARAMS = {
  actorId: 'events of this user',
  action: 'the dotted verb, exactly (`driver.import`)',
  entityType: 'the kind of record (`driver`, `user`)',
} as const;

/**
 * The reports a schedule may run (docs/reports.md, "Scheduled reports"), each through its own
 * domain's public service, as the schedule's owner.
 */
@Injectable()
export class ReportSources {
  private readonly sources = new Map<ReportName, ReportSource>();

  constructor(
    activity: ActivityService,
    invoices: InvoiceReportService,
    fleetReports: FleetReportsService,
    stops: StopsReportService,
    temperatures: TemperatureStatsService,
    inspections: InspectionQueriesService,
    visits: VisitReportService,
    driving: DrivingReportService,
    directory: AssetDirectory,
    @InjectRepository(User) users: TenantRepository<User>,
    tables: TableReportRenderer,
  ) {
    for (const [name, permission] of [
      ['trips', Permission.Reports],
      ['fuel', Permission.Fuel],
    ] as const) {
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
          return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.rows };
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
        return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.rows };
      },
    });
    this.add(stopsSource(stops, tables));
    this.add(temperatureSource(temperatures, tables));
    this.add(inspectionsSource(inspections, directory, users, tables));
    this.add(visitsSource(visits));
    this.add(drivingSource(driving));
  }

  /** A report that can run on a schedule. */
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
