// The public surface of scheduled reports: the module, and the registry other domains add their reports to.
export { ScheduledReportsModule } from './scheduled-reports.module';
export { ReportSources } from './sources/report-sources';
// The demo seed: a schedule and its first run time.
export { ScheduledReport } from './schemas/scheduled-report.schema';
export { nextRunAfter } from './schedule/report-schedule';
export type { BuiltReport, ReportFormat, ReportName, ReportPeriod, ReportSource } from './sources/report-source';
// Tests and tools: the due sweep and the run job.
export { ScheduledReportsSweep } from './runs/scheduled-reports.sweep';
export { RUN_JOB, RUN_RETRY_DELAYS_MS } from './runs/report-runs.service';
