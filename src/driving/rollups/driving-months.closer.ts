import { Injectable, Logger } from '@nestjs/common';
import { JobRun, type LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { DrivingDays } from './driving-days';
import { DrivingMonths } from './driving-months';
import { dayOf } from './hour-tallies';

/** How long after its end a day is copied into its month: its last fixes, a stream's batches, have come in by then. */
export const CLOSE_AFTER_S = 3600;
/** How often the closer runs (once across instances): a late write to a day already copied reaches its month within this. */
export const CLOSE_EVERY_MS = 10 * 60_000;
const BATCH = 1000;

/**
 * Copies each ended day's rollup into its month (docs/driving.md, "Months"), off the ingestion's
 * path: a write a batch into the months cost the embedded database a third more CPU a message.
 * A recurring job (`driving.close-days`): whenever an instance starts, then every ten minutes
 * across the instances. A pass copies every day that began before the day of an hour ago and
 * whose last write its month does not hold (a day written again after its copy, by late fixes, is
 * copied again), then records how far the months are whole.
 */
@Injectable()
export class DrivingMonthsCloser {
  private readonly logger = new Logger(DrivingMonthsCloser.name);

  constructor(
    private readonly days: DrivingDays,
    private readonly months: DrivingMonths,
  ) {}

  @RecurringJob('driving.close-days', { everyMs: CLOSE_EVERY_MS, atStart: true })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.run(Date.now(), lease);
  }

  /** One pass at `nowMs`; answers how many days it copied. */
  async run(nowMs = Date.now(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const before = dayOf(nowMs / 1000 - CLOSE_AFTER_S);
    let copied = 0;
    await this.days.eachUnclosed(before, BATCH, async (days) => {
      lease.assertHeld();
      await this.months.closeDays(days);
      copied += await this.days.markClosed(days);
    });
    await this.months.closedThrough(before);
    if (copied > BATCH) this.logger.log(`${copied} driving days copied into their months`);
    return copied;
  }
}
