import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { ChangeStream } from 'mongodb';
import { AppConfig } from '@app/config';
import { LatestPositionStore } from '../store/latest-position.store';
import { latestRecordsOfChange } from '../store/telemetry-log';
import { TrackerOwnership } from '../pipeline/tracker-ownership';
import { PositionUpdates } from './position-updates';

/**
 * How far back each poll reads again (ms): a record whose `ingestedAt` was taken just before a
 * poll but written just after it, or stamped by an instance whose clock is a little behind, is
 * still seen. What is read twice is dropped by `PositionUpdates` (not newer than what went out).
 */
export const POLL_OVERLAP_MS = 3000;

/**
 * Brings the positions other instances store to this instance's stream clients: a change stream
 * on the telemetry log (each batch's new positions) where the server has them (MongoDB replica
 * sets), else polling `changedSince()` every POSITION_STREAM_POLL_MS (the embedded server, a
 * standalone mongod).
 * Decided once at start-up; polling only queries while someone listens: on the server the
 * in-memory latest positions always do (LatestPositionCache), in a command nothing does.
 */
@Injectable()
export class PositionFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PositionFeed.name);
  private readonly pollMs: number;
  private readonly compactMs: number;
  private changes: ChangeStream | null = null;
  private timer: NodeJS.Timeout | null = null;
  private cursor = Date.now();
  private polling = false;
  private closed = false;
  private readonly runsBackgroundWork: boolean;
  mode: 'change-stream' | 'polling' | 'off' = 'off';
  private markStarted!: () => void;
  /** Settles once the feed runs (or was not started): what is stored after this reaches the listeners. */
  readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));

  constructor(
    private readonly store: LatestPositionStore,
    private readonly updates: PositionUpdates,
    private readonly ownership: TrackerOwnership,
    config: AppConfig,
  ) {
    this.pollMs = config.get('POSITION_STREAM_POLL_MS');
    this.compactMs = config.get('TELEMETRY_COMPACT_SECONDS') * 1000;
    this.runsBackgroundWork = config.runsBackgroundWork;
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.start();
    } finally {
      this.markStarted();
    }
  }

  private async start(): Promise<void> {
    // A one-shot command serves no live stream.
    if (!this.runsBackgroundWork) return;
    try {
      const changes = this.store.watchChanges();
      // Opens it: a server without change streams refuses here. A change already there is passed on.
      for (const record of latestRecordsOfChange(await changes.tryNext())) this.updates.publish(record);
      this.changes = changes;
      this.mode = 'change-stream';
      this.logger.log('Live positions from other instances: MongoDB change stream on telemetry_log');
      void this.follow(changes);
    } catch (error) {
      this.startPolling(`the server refused a change stream (${(error as Error).message.slice(0, 120)})`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.changes?.close().catch(() => undefined);
    this.changes = null;
  }

  private async follow(changes: ChangeStream): Promise<void> {
    try {
      while (!this.closed) {
        for (const record of latestRecordsOfChange(await changes.next())) this.updates.publish(record);
      }
    } catch (error) {
      if (this.closed) return;
      // The driver resumes by itself after resumable errors; anything else falls back to polling.
      this.changes = null;
      await changes.close().catch(() => undefined);
      this.startPolling(`the change stream failed (${(error as Error).message.slice(0, 120)})`);
    }
  }

  private startPolling(why: string): void {
    if (this.closed) return;
    this.mode = 'polling';
    this.logger.log(`Live positions from other instances: polling the telemetry log every ${this.pollMs} ms, as ${why}`);
    this.cursor = Date.now();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  /** One read of the records stored since the last one (less the overlap); idle without listeners. */
  async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    if (!this.updates.heard) {
      this.cursor = Date.now();
      return;
    }
    this.polling = true;
    try {
      // The log's entries live a compaction's interval at least: a poll within it needs no more.
      const records = await this.store.changedSince(this.cursor - POLL_OVERLAP_MS, Date.now() - this.compactMs / 2, this.ownership.instanceId);
      for (const record of records) {
        if (record.ingestedAt > this.cursor) this.cursor = record.ingestedAt;
        this.updates.publish(record);
      }
    } catch (error) {
      if (!this.closed) this.logger.warn(`Polling the latest positions failed: ${(error as Error).message}`);
    } finally {
      this.polling = false;
    }
  }
}
