// The public surface of scheduled reports: the module.
export { ScheduledReportsModule } from './scheduled-reports.module';
// The demo seed: a schedule and its first run time.
export { ScheduledReport } from './schemas/scheduled-report.schema';
export { nextRunAfter } from './schedule/report-schedule';
// Tests and tools: the due sweep and the run job.
export { ScheduledReportsSweep } from './runs/scheduled-reports.sweep';
export { RUN_JOB, RUN_RETRY_DELAYS_MS } from './runs/report-runs.service';
