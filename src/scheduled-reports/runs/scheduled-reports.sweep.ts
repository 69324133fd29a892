import { Injectable } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { nextRunAfter } from '../schedule/report-schedule';
import { ScheduledReport } from '../schemas/scheduled-report.schema';
import { ReportRuns } from './report-runs.service';

/** How often due schedules are looked for: a run starts at most this late. */
export const DUE_SWEEP_EVERY_MS = 30_000;
/** Missed runs one schedule catches up in one sweep (after a long stop; the next sweep goes on). */
const CATCH_UP = 50;

/**
 * The due sweep (a recurring job, once across instances): every enabled schedule whose next run
 * has come, whatever its client, gets that run stored and queued, then its next run moved on —
 * in that order, so a crash in between repeats a store that finds the run already there (runs
 * are unique per schedule and due time) instead of losing the run. A schedule that missed
 * several runs (the platform was down) gets each, oldest first.
 */
@Injectable()
export class ScheduledReportsSweep {
  constructor(
    // Every client's due schedules: the sweep's one read across clients.
    @InjectUnscopedModel(ScheduledReport) private readonly allReports: Model<ScheduledReport>,
    @InjectRepository(ScheduledReport) private readonly reports: TenantRepository<ScheduledReport>,
    private readonly runs: ReportRuns,
  ) {}

  @RecurringJob('scheduled-reports.due', { everyMs: DUE_SWEEP_EVERY_MS, atStart: true })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** Queues what is due as of `now` while `lease` holds; answers how many runs this call stored. */
  async sweep(now = new Date(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const due = await this.allReports
      .find({ enabled: true, nextRunAt: { $lte: now } })
      .lean<Array<Stored<ScheduledReport>>>()
      .exec();
    let stored = 0;
    for (const report of due) {
      let dueAt = report.nextRunAt!;
      for (let i = 0; i < CATCH_UP && dueAt.getTime() <= now.getTime(); i++) {
        lease.assertHeld();
        if (await this.runs.queueScheduled(report, dueAt)) stored++;
        const next = nextRunAfter(report.schedule, dueAt);
        // Moved on only from the run just queued: an edit meanwhile (a new schedule) wins.
        const { modified } = await this.reports.updateOne(scopeOfClient(report.clientId), { _id: report._id, nextRunAt: dueAt }, { $set: { nextRunAt: next } });
        if (modified === 0) break;
        dueAt = next;
      }
    }
    return stored;
  }
}
