import { DiscoveryService } from '@nestjs/core';
import type { DateTime } from 'luxon';
import type { AuthContext, Permission } from '@app/auth';

/** Every report a schedule may name (DESIGN.md, "scheduled report"). */
export const REPORT_NAMES = ['trips', 'fuel', 'stops', 'temperature', 'inspections', 'activity', 'invoices', 'visits', 'driving'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The period a run reports on, in the schedule's zone: from its first to its last millisecond. */
export interface ReportPeriod {
  from: DateTime;
  to: DateTime;
}

/** A built report file, whole in memory (it becomes a mail attachment). */
export interface BuiltReport {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Its data rows (trips, assets, sensors, invoices…; totals not counted). */
  rows: number;
}

/** The period in epoch seconds, as the telemetry reports take it. */
export const periodInSeconds = ({ from, to }: ReportPeriod) => ({ from: Math.floor(from.toSeconds()), to: Math.floor(to.toSeconds()) });

/** The period as the fleet and visit reports on demand take it: local times of the client's zone. */
export function periodInClientTimes(auth: AuthContext, { from, to }: ReportPeriod): { from: string; to: string } {
  const local = (moment: DateTime) => moment.setZone(auth.client.timeZone).toFormat('dd/MM/yyyy HH:mm:ss');
  return { from: local(from), to: local(to) };
}

/**
 * A report that can run on a schedule: what it needs and how it is built as a given user. One
 * class marked `@ScheduledReportSource()`, listed among the scheduled reports module's providers,
 * its name in REPORT_NAMES (docs/reports.md, "Scheduled reports").
 */
export interface ReportSource {
  name: ReportName;
  /** What the schedule's owner must hold (checked at creation and at each run). */
  permission: Permission;
  formats: readonly ReportFormat[];
  /** The `params` it takes, and their meaning (for the 400 and the docs). */
  params: Readonly<Record<string, string>>;
  /** A problem with `params` in words, or null. */
  checkParams(params: Record<string, unknown>): string | null;
  build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport>;
}

/** Marks a provider as a report a schedule may run, found by `ReportSources`. */
export const ScheduledReportSource = DiscoveryService.createDecorator<void>();
