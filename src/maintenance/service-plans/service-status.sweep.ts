import { Injectable } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectUnscopedModel, Stored } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { latestTodayOnEarth } from '@app/formats';
import { ServiceStatus } from '../schemas/service-status.schema';
import { ServiceStatusRecompute } from './service-status-recompute';

/** How often the calendar is looked at (days-based due dates) and unfinished effects finished: a recurring job across instances. */
export const SERVICE_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The recurring sweep of service statuses: those whose state may change by the calendar (their
 * `dateCheck` has come in some time zone) and those with an unfinished effect, whatever their
 * client, handed to ServiceStatusRecompute to recompute in their client's zone.
 */
@Injectable()
export class ServiceStatusSweep {
  constructor(
    // Every client's statuses due a look: the sweep's one read across clients.
    @InjectUnscopedModel(ServiceStatus) private readonly allStatuses: Model<ServiceStatus>,
    private readonly recompute: ServiceStatusRecompute,
  ) {}

  @RecurringJob('maintenance.service-status', { everyMs: SERVICE_SWEEP_EVERY_MS, atStart: true })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** Recomputes what is due as of `now` while `lease` holds; answers how many statuses it looked at. */
  async sweep(now = new Date(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const latestToday = latestTodayOnEarth(now);
    const due = await this.allStatuses
      .find({ $or: [{ dateCheck: { $lte: latestToday } }, { effectsPending: true }] })
      .lean<Array<Stored<ServiceStatus>>>()
      .exec();
    await this.recompute.recomputeDue(due, now, lease);
    return due.length;
  }
}
