import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { markedMethods } from '@app/bus';
import { AppConfig } from '@app/config';
import type { JobRun } from './job-outcomes';
import { Jobs } from './jobs.service';
import { recurringJobsOf } from './recurring-job';

/** Registers every provider method marked `@RecurringJob` with `Jobs`, before a server stores and starts the recurring jobs. */
@Injectable()
export class RecurringJobs implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const { call, mark } of markedMethods(this.discovery, this.scanner, recurringJobsOf)) {
      const { name, everyMs, ...options } = mark;
      const periodMs = typeof everyMs === 'function' ? everyMs(this.config) : everyMs;
      if (periodMs > 0) this.jobs.every(name, periodMs, async (run: JobRun<null>) => void (await call(run)), options);
    }
  }
}
