import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { byClient, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { FollowsTrackers, NewFixes, ProcessedTracker, Replay, TrackerOwnership, TrackerProcessor } from '../positions';
import { advance, MeterFeed } from './meter-rules';
import { countOn, HELD_FIELDS, HeldMeters, recentOf, refreshFrom } from './held-meters';
import { MeterFolds } from './meter-folds';
import { MetersRecent } from './meters-recent';
import { ReachedMeterWatches } from './reached-meter-watches';
import { AssetMeter } from './schemas/asset-meter.schema';

/** A checkpoint's share: where counting stood. */
interface MetersSnapshot {
  feed: MeterFeed | null;
  telemetryKm: number;
  telemetryHours: number;
}

/** Readings and watches set by another instance reach the meters in memory within this. */
const REFRESH_MS = 30_000;

/**
 * Meters from telemetry, as a processor of the ingestion pipeline (docs/maintenance.md, "Meters
 * from telemetry"): what each asset's new fixes add (`advance`) is counted in memory; every second
 * the counts since the last fold go to the recent counts (`MetersRecent`: one write a partition),
 * which readers add to the stored meters; each compaction folds them into the meters as increments
 * (`MeterFolds`: a reading set meanwhile is kept). After late fixes the stretch is counted again
 * from the checkpoint's feed and the meters corrected by the difference in telemetry's own totals.
 * When the meters reach an asset's `watch` (the service plans' next threshold), `METERS_CHANGED`
 * is told (`ReachedMeterWatches`). `METERS_FROM_TELEMETRY=false` leaves it inactive on this
 * instance.
 */
@Injectable()
@FollowsTrackers()
export class MetersProcessor implements TrackerProcessor, OnModuleInit {
  readonly name = 'meters';
  private readonly logger = new Logger(MetersProcessor.name);
  private readonly held = new Map<string, HeldMeters>();

  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    private readonly recent: MetersRecent,
    private readonly folds: MeterFolds,
    private readonly reachedWatches: ReachedMeterWatches,
    private readonly ownership: TrackerOwnership,
    private readonly config: AppConfig,
  ) {}

  get active(): boolean {
    return this.config.get('METERS_FROM_TELEMETRY');
  }

  onModuleInit(): void {
    if (!this.active) this.logger.warn('METERS_FROM_TELEMETRY=false: telemetry does not move the meters on this instance');
  }

  async prepare(trackers: readonly ProcessedTracker[]): Promise<void> {
    const now = Date.now();
    // An asset whose tracker was replaced: what the old one counted is folded in now (its recent
    // count sits in the old tracker's partition, where readers no longer look), then read again.
    const replaced = this.replacedIn(trackers);
    if (replaced.length > 0) {
      await this.folds.fold(replaced.filter((held) => held.unfolded));
      for (const held of replaced) this.held.delete(held.assetId.toHexString());
    }
    const wanted = trackers.filter((tracker) => {
      const held = this.held.get(tracker.assetId.toHexString());
      return !held || (!held.unfolded && now - held.readAt >= REFRESH_MS);
    });
    if (wanted.length === 0) return;
    await Promise.all(byClient(wanted).map((group) => this.readClient(group, now)));
  }

  /** The meters held of assets whose tracker is no longer the one counted. */
  private replacedIn(trackers: readonly ProcessedTracker[]): HeldMeters[] {
    return trackers.flatMap((tracker) => {
      const held = this.held.get(tracker.assetId.toHexString());
      return held && !held.trackerId.equals(tracker.trackerId) ? [held] : [];
    });
  }

  /** Reads the stored meters of one client's assets: held from now on, or refreshed when held already. */
  private async readClient(group: readonly ProcessedTracker[], now: number): Promise<void> {
    const stored = await this.meters.findByIds(
      scopeOfClient(group[0].clientId),
      group.map((tracker) => tracker.assetId.toHexString()),
      HELD_FIELDS,
    );
    const byId = new Map(stored.map((meter) => [meter._id.toHexString(), meter]));
    for (const { assetId, clientId, trackerId } of group) {
      const id = assetId.toHexString();
      const record = byId.get(id);
      const held = this.held.get(id);
      if (held) {
        if (record) refreshFrom(held, record);
        held.readAt = now;
        continue;
      }
      this.held.set(id, {
        assetId,
        clientId,
        trackerId,
        partition: this.ownership.partitionOf(trackerId.toHexString()),
        feed: record?.feed ?? null,
        telemetryKm: record?.telemetryKm ?? 0,
        telemetryHours: record?.telemetryHours ?? 0,
        odometerKm: record?.odometerKm ?? 0,
        engineHours: record?.engineHours ?? 0,
        pendingKm: 0,
        pendingHours: 0,
        foldSeq: record?.foldSeq ?? 0,
        watch: record?.watch ?? null,
        readingTs: record?.readingTs ?? null,
        readAt: now,
        dirty: false,
        unfolded: false,
      });
    }
  }

  snapshot(tracker: ProcessedTracker): unknown {
    const held = this.held.get(tracker.assetId.toHexString());
    const snapshot: MetersSnapshot = {
      feed: held?.feed ? { ...held.feed } : null,
      telemetryKm: held?.telemetryKm ?? 0,
      telemetryHours: held?.telemetryHours ?? 0,
    };
    return snapshot;
  }

  replay(replays: readonly Replay[]): Promise<void> {
    for (const replay of replays) {
      const held = this.held.get(replay.assetId.toHexString());
      const from = replay.snapshot as MetersSnapshot | undefined;
      // From before the newest reading: the reading set what the stretch would count again.
      if (!held || !from || (held.readingTs !== null && replay.from < held.readingTs)) continue;
      const replayed = advance(from.feed, replay.trackerId.toHexString(), replay.fixes);
      if (!replayed.feed) continue;
      // A device that sends its mileage counted the whole way: its newest value stays the truth.
      const byMileage = from.feed?.mileage != null;
      countOn(held, byMileage ? 0 : from.telemetryKm + replayed.km - held.telemetryKm, from.telemetryHours + replayed.hours - held.telemetryHours);
      held.feed = byMileage ? { ...replayed.feed, mileage: held.feed?.mileage ?? replayed.feed.mileage } : replayed.feed;
    }
    return Promise.resolve();
  }

  advance(batch: readonly NewFixes[]): Promise<void> {
    for (const { assetId, trackerId, fixes } of batch) {
      const held = this.held.get(assetId.toHexString());
      if (!held) continue;
      const step = advance(held.feed, trackerId.toHexString(), fixes);
      countOn(held, step.km, step.hours);
      held.feed = step.feed;
    }
    return Promise.resolve();
  }

  /**
   * Every second: the recent counts of the assets counted since (one write a partition), then
   * `METERS_CHANGED` told of those that reached their watch. At each compaction (`full`): the counts
   * folded into the meters. Only of trackers this instance still processes: one that lost them
   * while it stalled writes nothing (their new owner counts).
   */
  async flush(full: boolean): Promise<void> {
    if (full) return this.folds.fold([...this.held.values()].filter((held) => held.unfolded && this.owned(held)));
    const dirty = [...this.held.values()].filter((held) => held.dirty && this.owned(held));
    if (dirty.length === 0) return;
    for (const held of dirty) held.dirty = false;
    try {
      await this.recent.write(dirty.map((held) => recentOf(held)));
    } catch (error) {
      for (const held of dirty) held.dirty = true;
      throw error;
    }
    const reached = dirty.filter(
      ({ watch, odometerKm, engineHours }) =>
        watch && ((watch.odometerKm !== null && odometerKm >= watch.odometerKm) || (watch.engineHours !== null && engineHours >= watch.engineHours)),
    );
    if (reached.length > 0) await this.reachedWatches.tell(reached, this.held);
  }

  /**
   * Before a reading sets an asset's meters: what telemetry counted is folded in first (it must not
   * land on top of the reading), and replays from before the reading's time stop (they would count
   * again what the reading set). Another instance counting the asset learns of the reading within
   * REFRESH_MS, and may fold the counts of its last compaction interval over it.
   */
  async settle(assetId: string, readingTs: number): Promise<void> {
    const held = this.held.get(assetId);
    if (!held) return;
    held.readingTs = Math.max(held.readingTs ?? -Infinity, readingTs);
    if (held.unfolded) await this.folds.fold([held]);
  }

  forget(assetIds: readonly string[], discard = false): void {
    for (const id of assetIds) if (discard || !this.held.get(id)?.unfolded) this.held.delete(id);
  }

  private owned(held: HeldMeters): boolean {
    return this.ownership.holdsTracker(held.trackerId.toHexString());
  }
}
