import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TenantDataModule } from '@app/database';
import { ReportsModule } from '@app/reports';
import { ActivityModule } from '../activity';
import { BillingSupportModule } from '../billing-support';
import { FuelModule } from '../fuel';
import { InspectionsModule } from '../inspections';
import { PositionsModule } from '../positions';
import { VisitsModule } from '../visits';
import { DrivingModule } from '../driving';
import { ExpiredReportFilesSweep } from './files/expired-report-files.sweep';
import { ReportFile, ReportFileSchema } from './files/report-file.schema';
import { ReportFileDownloads } from './files/report-file-downloads';
import { ApiBaseUrl } from './files/api-base-url';
import { ReportFiles } from './files/report-files.service';
import { ReportFilesController } from './files/report-files.controller';
import { ReportRuns } from './runs/report-runs.service';
import { RunAudience } from './runs/run-audience';
import { ScheduledReportsSweep } from './runs/scheduled-reports.sweep';
import { ScheduledReportsController } from './scheduled-reports.controller';
import { ScheduledReportsService } from './scheduled-reports.service';
import { ReportRun, ReportRunSchema } from './schemas/report-run.schema';
import { ScheduledReport, ScheduledReportSchema } from './schemas/scheduled-report.schema';
import { ActivityReportSource } from './sources/activity.source';
import { DrivingReportSource } from './sources/driving.source';
import { FuelReportSource, TripsReportSource } from './sources/fleet.sources';
import { InspectionsReportSource } from './sources/inspections.source';
import { InvoicesReportSource } from './sources/invoices.source';
import { ReportSources } from './sources/report-sources';
import { StopsReportSource } from './sources/stops.source';
import { TemperatureReportSource } from './sources/temperature.source';
import { VisitsReportSource } from './sources/visits.source';

const data = TenantDataModule.forFeature([
  { name: ScheduledReport.name, schema: ScheduledReportSchema },
  { name: ReportRun.name, schema: ReportRunSchema },
  { name: ReportFile.name, schema: ReportFileSchema },
]);

/** The reports a schedule may run: one class each, marked `@ScheduledReportSource()`. */
const SOURCES = [
  TripsReportSource,
  FuelReportSource,
  StopsReportSource,
  TemperatureReportSource,
  InspectionsReportSource,
  ActivityReportSource,
  InvoicesReportSource,
  VisitsReportSource,
  DrivingReportSource,
];

/**
 * Scheduled reports (`/api/scheduled-reports`, `access_reports`): the platform's reports e-mailed
 * on a daily, weekly or monthly schedule in the client's time zone, with a run history and "run
 * now" (docs/reports.md). Each report comes from its own domain's public service (a report source).
 */
@Module({
  imports: [
    data,
    DiscoveryModule,
    ActivityModule,
    BillingSupportModule,
    FuelModule,
    InspectionsModule,
    PositionsModule,
    ReportsModule,
    VisitsModule,
    DrivingModule,
  ],
  controllers: [ScheduledReportsController, ReportFilesController],
  providers: [
    ScheduledReportsService,
    ReportRuns,
    RunAudience,
    ScheduledReportsSweep,
    ReportSources,
    ApiBaseUrl,
    ReportFiles,
    ReportFileDownloads,
    ExpiredReportFilesSweep,
    ...SOURCES,
  ],
  exports: [data],
})
export class ScheduledReportsModule {}
