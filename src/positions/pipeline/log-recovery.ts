import { Injectable, Logger } from '@nestjs/common';
import { TrackerRouting } from '@app/fleet';
import { unpackPoints } from '../store/hour-bucket';
import { LogEntry, TelemetryLog } from '../store/telemetry-log';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TrackerBatch } from './batch-arrivals';
import { TrackerPipeline } from './tracker-pipeline.service';

/**
 * Takes up, when an instance claims a partition and before it processes its batches, the log
 * entries of the partition that no compaction removed (the owner before it was killed, or
 * stalled past its lease): each as if its batch came again —
 * what the store already holds is a duplicate, what it lacks goes to the trackers' tails, and
 * every processor follows on (each is idempotent) — so nothing acknowledged is lost and nothing is
 * counted twice (docs/telemetry.md, "Crashes").
 */
@Injectable()
export class LogRecovery {
  private readonly logger = new Logger(LogRecovery.name);

  constructor(
    private readonly log: TelemetryLog,
    private readonly pipeline: TrackerPipeline,
    private readonly routing: TrackerRouting,
  ) {}

  /** The entries of these partitions taken up again, oldest first (a partition just claimed); answers how many. */
  async recover(partitions: readonly number[]): Promise<number> {
    const entries = await this.log.ofPartitions(partitions, 'done');
    for (const entry of entries) await this.pipeline.resume(entry, await this.batchesOf(entry));
    if (entries.length > 0)
      this.logger.log(
        `Took up ${entries.length} telemetry log entr${entries.length === 1 ? 'y' : 'ies'} of partition(s) ${partitions.join(', ')} left by an earlier owner`,
      );
    return entries.length;
  }

  /**
   * The entry's points by tracker, with each latest position it holds as a point too (a tracker
   * whose points went straight into its buckets has only that here: taken up, it moves the
   * tracker's latest position again).
   */
  private async batchesOf(entry: LogEntry): Promise<TrackerBatch[]> {
    const ids = [...new Set([...Object.keys(entry.parts), ...Object.keys(entry.latest ?? {})])];
    const trackers = await this.routing.findByIds(ids);
    // A tracker deleted since: its points stay readable in the log until the entry is removed.
    return ids.flatMap((id) => {
      const tracker = trackers.get(id);
      if (!tracker) return [];
      const points: TelemetryPoint[] = entry.parts[id] ? unpackPoints(entry.parts[id]) : [];
      const latest = entry.latest?.[id];
      if (latest)
        points.push({
          ts: latest.ts,
          lat: latest.lat,
          lng: latest.lng,
          speed: latest.speed,
          alt: latest.alt,
          dir: latest.dir,
          temps: {},
          ...(latest.ignition !== null ? { ignition: latest.ignition } : {}),
        });
      return [{ tracker, points }];
    });
  }
}
