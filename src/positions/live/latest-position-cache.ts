import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { KnownPosition, LatestPositionStore, LatestRecord } from '../store/latest-position.store';
import { PositionFeed } from './position-feed.service';
import { DomainEvents } from '@app/bus';
import { POSITION_UPDATED } from './position-updates';

/**
 * Every tracker's latest position in this process's memory, so that the map's answer needs no
 * query (an `$in` of 1 000 records costs ~40 ms on the embedded server: docs/performance.md,
 * "Live positions and tracks"). Read whole once the `PositionFeed` runs, then kept current by the same updates the
 * live stream sends: this process's ingestion at once, other instances' through the feed (a
 * change stream, or polling every POSITION_STREAM_POLL_MS). Another instance's position shows
 * within that delay, as it does on the stream. Until the first read is done, in a command (no
 * feed) and with the flespi source, `find()` answers null and the caller reads the store.
 * Memory: one small record per tracker of the platform (~200 bytes: 10 000 trackers ≈ 2 MB).
 */
@Injectable()
export class LatestPositionCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LatestPositionCache.name);
  private readonly positions = new Map<string, KnownPosition>();
  private readonly enabled: boolean;
  private ready = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: LatestPositionStore,
    private readonly bus: DomainEvents,
    private readonly feed: PositionFeed,
    config: AppConfig,
  ) {
    this.enabled = config.runsBackgroundWork && config.get('TELEMETRY_SOURCE') === 'store';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    // Listening before the read: an update that lands while it runs is kept if it is newer.
    this.unsubscribe = this.bus.on(POSITION_UPDATED, (record) => this.keep(record._id, record));
    void this.fill();
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.ready = false;
  }

  /** The positions of these trackers (those that have one), or null when memory cannot answer. */
  find(trackerIds: readonly string[]): Map<string, KnownPosition> | null {
    if (!this.ready || this.feed.mode === 'off') return null;
    const found = new Map<string, KnownPosition>();
    for (const id of trackerIds) {
      const position = this.positions.get(id);
      if (position) found.set(id, position);
    }
    return found;
  }

  private async fill(): Promise<void> {
    try {
      // After the feed has started: nothing stored between this read and the feed's start is missed.
      await this.feed.started;
      for (const [id, position] of await this.store.findAllPositions()) this.keep(id, position);
      this.ready = this.unsubscribe !== null;
    } catch (error) {
      this.logger.warn(`Latest positions are read from the database: loading them into memory failed (${(error as Error).message})`);
    }
  }

  private keep(trackerId: string, position: KnownPosition | LatestRecord): void {
    const held = this.positions.get(trackerId);
    if (held && held.ts >= position.ts) return;
    const { lat, lng, speed, dir, alt, ts, ignition } = position;
    this.positions.set(trackerId, { lat, lng, speed, dir, alt, ts, ignition });
  }
}
