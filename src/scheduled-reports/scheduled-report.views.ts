import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { FREQUENCIES, type Frequency } from './schedule/report-schedule';
import { RUN_STATES, type ReportRun, type RunState } from './schemas/report-run.schema';
import type { ScheduledReport } from './schemas/scheduled-report.schema';
import { REPORT_FORMATS, REPORT_NAMES, type ReportFormat, type ReportName } from './sources/report-source';
import { orNull, recordTimes } from '@app/http';

export class ReportScheduleView {
  @ApiProperty({ enum: FREQUENCIES })
  frequency: Frequency;
  /** @example "07:00" */
  time: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  /** @example "America/Santiago" */
  timeZone: string;
}

export class ReportRecipientsView {
  emails: string[];
  userIds: string[];
}

export class ScheduledReportView {
  id: string;
  name: string;
  @ApiProperty({ enum: REPORT_NAMES })
  report: ReportName;
  @ApiProperty({ type: 'object', additionalProperties: true })
  params: Record<string, unknown>;
  @ApiProperty({ enum: REPORT_FORMATS })
  format: ReportFormat;
  schedule: ReportScheduleView;
  recipients: ReportRecipientsView;
  enabled: boolean;
  /** The next scheduled run; null while disabled. */
  nextRunAt: Date | null;
  /** The user it runs as (who created it): their permissions and trackers decide what it holds. */
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
}

export class ReportRunView {
  id: string;
  scheduledReportId: string;
  /** A "run now" (true) or a scheduled run. */
  manual: boolean;
  /** When it was due (a manual run: when it was asked for); it reports on the period before. */
  dueAt: Date;
  @ApiProperty({ enum: RUN_STATES })
  state: RunState;
  attempts: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The rows the report held, when the report says. */
  rows: number | null;
  fileName: string | null;
  /** The file's size in bytes. */
  fileBytes: number | null;
  /** `attachment`, or `link` when the file was over MAIL_ATTACHMENT_MAX_BYTES (the mail carries a download link instead); null until it succeeds. */
  @ApiProperty({ enum: ['attachment', 'link'], nullable: true, type: String })
  delivery: 'attachment' | 'link' | null;
  /** Until when a `link` delivery downloads (seven days). */
  linkExpiresAt: Date | null;
  /** Why it failed or was skipped. */
  error: string | null;
  /** A failed attempt's retry; null: none coming. */
  nextAttemptAt: Date | null;
}

export function toScheduledReportView(report: Stored<ScheduledReport>): ScheduledReportView {
  return {
    id: report._id.toHexString(),
    name: report.name,
    report: report.report,
    params: report.params ?? {},
    format: report.format,
    schedule: {
      frequency: report.schedule.frequency,
      time: report.schedule.time,
      dayOfWeek: report.schedule.dayOfWeek ?? null,
      dayOfMonth: report.schedule.dayOfMonth ?? null,
      timeZone: report.schedule.timeZone,
    },
    recipients: { emails: report.recipients.emails, userIds: report.recipients.userIds.map((id) => id.toHexString()) },
    enabled: report.enabled,
    nextRunAt: report.nextRunAt,
    ownerId: report.ownerId.toHexString(),
    ...recordTimes(report),
  };
}

export function toReportRunView(run: Stored<ReportRun>): ReportRunView {
  return {
    id: run._id.toHexString(),
    scheduledReportId: run.scheduledReportId.toHexString(),
    manual: run.manual,
    dueAt: run.dueAt,
    state: run.state,
    attempts: run.attempts,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    rows: run.rows,
    fileName: run.fileName,
    ...orNull(run, 'fileBytes', 'delivery', 'linkExpiresAt'),
    error: run.error,
    nextAttemptAt: run.nextAttemptAt,
  };
}
