import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { markedProviders } from '@app/bus';
import { REPORT_NAMES, ReportName, ReportSource, ScheduledReportSource } from './report-source';

/**
 * The reports a schedule may run (docs/reports.md, "Scheduled reports"): the providers marked
 * `@ScheduledReportSource()`, each building its report through its own domain's public service,
 * as the schedule's owner. The app does not start with a name of REPORT_NAMES no source builds,
 * or with two sources of one name.
 */
@Injectable()
export class ReportSources implements OnModuleInit {
  private readonly sources = new Map<ReportName, ReportSource>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const source of markedProviders<ReportSource>(this.discovery, ScheduledReportSource)) {
      if (this.sources.has(source.name)) throw new Error(`Two scheduled report sources are named ${source.name}`);
      this.sources.set(source.name, source);
    }
    const missing = REPORT_NAMES.filter((name) => !this.sources.has(name));
    if (missing.length) throw new Error(`No scheduled report source builds ${missing.join(', ')}`);
  }

  get(name: ReportName): ReportSource | undefined {
    return this.sources.get(name);
  }

  /** Every report a schedule may name, in REPORT_NAMES' order. */
  names(): ReportName[] {
    return REPORT_NAMES.filter((name) => this.sources.has(name));
  }
}
