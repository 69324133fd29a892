import { Injectable, Logger } from '@nestjs/common';
import { JobRun, RecurringJob } from '@app/jobs';
import { CHECKPOINTS_SPAN_S, TrackerCheckpoints } from './tracker-checkpoints';

/** How often the checkpoints a day old are removed (a recurring job, once across instances). */
export const CHECKPOINTS_PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Removes the trackers' checkpoints written more than a day ago (`telemetry.checkpoints-prune`):
 * a replay never reads one older than the span of fix time anyway, so the prune only bounds the
 * collection. A delete by time scans the collection on the embedded server: a job's work, never a batch's.
 */
@Injectable()
export class CheckpointsPrune {
  private readonly logger = new Logger(CheckpointsPrune.name);

  constructor(private readonly checkpoints: TrackerCheckpoints) {}

  @RecurringJob('telemetry.checkpoints-prune', { everyMs: CHECKPOINTS_PRUNE_EVERY_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    lease.assertHeld();
    await this.prune();
  }

  async prune(now = Date.now()): Promise<number> {
    const removed = await this.checkpoints.prune(new Date(now - CHECKPOINTS_SPAN_S * 1000));
    if (removed > 0) this.logger.log(`${removed} telemetry checkpoint(s) a day old removed`);
    return removed;
  }
}
