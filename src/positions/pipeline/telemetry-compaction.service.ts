import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { TelemetryLog } from '../store/telemetry-log';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import { TrackerOwnership } from './tracker-ownership';
import { TrackerPipeline } from './tracker-pipeline.service';
import { TrackerProcessors } from './tracker-processor';
import { TrackerState } from './tracker-state';
import { CapturedStates, TrackerStates } from './tracker-states';

/** Processors' quick writes (meters) this often: what a reader of them sees lags by at most this. */
export const FLUSH_EVERY_MS = 1000;

/**
 * Writes what the pipeline holds in memory (docs/telemetry.md, "Ingestion at fleet scale"): every
 * TELEMETRY_COMPACT_SECONDS, the log's points into the trackers' hour, day and period buckets (one
 * read and one bulk write per level for all trackers), the trackers' and processors' states, and
 * then removes the log entries it wrote; every second, the processors' quick writes. Quiet
 * trackers (TELEMETRY_IDLE_MINUTES) then leave memory. At shutdown, once more. A command (no
 * background work) compacts at its end and when its points in memory pass a bound.
 */
@Injectable()
export class TelemetryCompaction implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TelemetryCompaction.name);
  private readonly everyMs: number;
  private readonly idleMs: number;
  private readonly timers: NodeJS.Timeout[] = [];
  private running: Promise<void> | null = null;
  /** The compaction after the running one, shared by every call made while it runs. */
  private next: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly pipeline: TrackerPipeline,
    private readonly states: TrackerStates,
    private readonly writer: TelemetryStoreWriter,
    private readonly log: TelemetryLog,
    private readonly processors: TrackerProcessors,
    private readonly ownership: TrackerOwnership,
    private readonly config: AppConfig,
  ) {
    this.everyMs = config.get('TELEMETRY_COMPACT_SECONDS') * 1000;
    this.idleMs = config.get('TELEMETRY_IDLE_MINUTES') * 60_000;
  }

  onApplicationBootstrap(): void {
    if (!this.config.runsBackgroundWork) return;
    const every = (ms: number, work: () => Promise<void>) => {
      const timer = setInterval(() => void work().catch((error: Error) => this.logger.warn(`${error.message}`)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.everyMs, () => this.compact());
    every(FLUSH_EVERY_MS, () => this.flush());
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.compact();
  }

  /**
   * A compaction that begins after this call (one at a time): a call while one runs waits for it
   * and then for the next, which writes what came meanwhile. A partition given up drains its
   * batches and then compacts: a compaction taken before the drain ended would leave the last
   * batches' points and states in memory, dropped with the partition.
   */
  compact(): Promise<void> {
    if (this.running) {
      this.next ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.next = null;
          return this.compact();
        });
      return this.next;
    }
    this.running = this.compactNow().finally(() => (this.running = null));
    return this.running;
  }

  /** The processors' quick writes (every second; also now, for a test that reads them at once). */
  flush(): Promise<void> {
    this.flushing ??= Promise.all(this.processors.all.map((processor) => processor.flush(false)))
      .then(() => undefined)
      .finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async compactNow(): Promise<void> {
    // A batch pushes its tails when its points are stored and its entries once its processors are
    // through: what is taken here may hold a tail whose entry the next compaction removes, never an
    // entry whose points or processors' states it does not write.
    const absorbed = this.pipeline.takeAbsorbed();
    const touched: TrackerState[] = [];
    for (const state of this.states.values()) {
      if (state.tail.length === 0) continue;
      state.compacting = state.tail;
      state.tail = [];
      touched.push(state);
    }
    let captured: CapturedStates | undefined;
    try {
      // The trackers' states as of now, written after the processors' (taken later, so as new or
      // newer): a crash between the two writes leaves the processors ahead, which skip what they
      // saw, never behind, which would jump over fixes (a geofence crossed twice).
      captured = this.states.capture([...this.states.values()]);
      if (touched.length > 0) await this.writer.writeMany(touched.map((state) => ({ trackerId: state.trackerId, points: state.compacting })));
      await Promise.all(this.processors.all.map((processor) => processor.flush(true)));
      await captured.write();
      // Only of partitions still held: a lease that ran out while this instance stalled leaves the
      // entries to the new owner, whose take-up from the log redoes what this one did not write.
      await this.log.remove(absorbed.filter((entry) => this.ownership.holds(entry.p)).map((entry) => entry.id));
    } catch (error) {
      captured?.abandon();
      for (const state of touched) state.tail = [...state.compacting, ...state.tail];
      this.pipeline.giveBack(absorbed);
      throw error;
    } finally {
      for (const state of touched) state.compacting = [];
    }
    const quiet = this.states.forgetQuiet(Date.now() - this.idleMs);
    const assets = quiet.flatMap((state) => (state.assetId ? [state.assetId.toHexString()] : []));
    if (assets.length > 0) for (const processor of this.processors.all) processor.forget(assets);
  }
}
