import { Injectable, Logger } from '@nestjs/common';
import { DatabaseClock } from '@app/database';
import type { JobRun } from './job-outcomes';
import { RecurringJob } from './recurring-job';
import { LeaseCheck, NOT_LEASED } from './run-lease';

/** The recurring job that removes what is past its retention, every kind of record in turn. */
export const RETENTION_JOB = 'retention.prune';
/** How often: each pass removes about an hour's worth (one bulk delete per kind of record). */
export const RETENTION_EVERY_MS = 60 * 60_000;

interface Kept {
  what: string;
  keepMs: number;
  prune: (before: Date, lease: LeaseCheck) => Promise<number>;
}

/**
 * What each domain keeps, and for how long (docs/architecture.md, "Retention"): a domain registers
 * its records in `onModuleInit` (`keep`), and one durable recurring job (`retention.prune`, once
 * an hour across instances) asks each to remove, in bulk, what is older than its period on the
 * database's clock. A domain's `prune` deletes its own records (and what depends on them) and
 * answers how many went; it checks `lease` between its writes.
 */
@Injectable()
export class Retention {
  private readonly logger = new Logger(Retention.name);
  private readonly kept: Kept[] = [];

  constructor(private readonly clock: DatabaseClock) {}

  /** Records of `what` are kept `keepMs`; `prune(before)` removes those from before `before`. */
  keep(what: string, keepMs: number, prune: Kept['prune']): void {
    this.kept.push({ what, keepMs, prune });
  }

  @RecurringJob(RETENTION_JOB, { everyMs: RETENTION_EVERY_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.prune(lease);
  }

  /** One pass over every kind of record; answers how many of each went. */
  async prune(lease: LeaseCheck = NOT_LEASED): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const { what, keepMs, prune } of this.kept) {
      lease.assertHeld();
      removed[what] = await prune(new Date(this.clock.nowMs() - keepMs), lease);
    }
    const some = Object.entries(removed).filter(([, count]) => count > 0);
    if (some.length > 0) this.logger.log(`past their retention, removed: ${some.map(([what, count]) => `${count} ${what}`).join(', ')}`);
    return removed;
  }
}
