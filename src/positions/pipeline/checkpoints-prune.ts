import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { CHECKPOINTS_SPAN_S, TrackerCheckpoints } from './tracker-checkpoints';

/** How often the checkpoints a day old are removed (a recurring job, once across instances). */
export const CHECKPOINTS_PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Removes the trackers' checkpoints written more than a day ago (`telemetry.checkpoints-prune`):
 * a replay never reads one older than the span of fix time anyway, so the prune only bounds the
 * collection. A delete by time scans the collection on the embedded server: a job's work, never a batch's.
 */
@Injectable()
export class CheckpointsPrune implements OnModuleInit {
  private readonly logger = new Logger(CheckpointsPrune.name);

  constructor(
    private readonly checkpoints: TrackerCheckpoints,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.every('telemetry.checkpoints-prune', CHECKPOINTS_PRUNE_EVERY_MS, async ({ lease }) => {
      lease.assertHeld();
      await this.prune();
    });
  }

  async prune(now = Date.now()): Promise<number> {
    const removed = await this.checkpoints.prune(new Date(now - CHECKPOINTS_SPAN_S * 1000));
    if (removed > 0) this.logger.log(`${removed} telemetry checkpoint(s) a day old removed`);
    return removed;
  }
}
