import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { NewFixes, ProcessedTracker, Replay, TrackerOwnership, TrackerProcessor, TrackerProcessors } from '../positions';
import { advance, MeterFeed } from './meter-rules';
import { DomainEvents } from '@app/bus';
import { MeterChange, METERS_CHANGED } from './meters-changed';
import { MetersRecent, RecentEntry } from './meters-recent';
import { AssetMeter } from './schemas/asset-meter.schema';

/** What the meters keep of an asset in memory. */
interface HeldMeters {
  assetId: Types.ObjectId;
  clientId: Types.ObjectId;
  /** The tracker counted, and its partition (its owner writes the meters). */
  trackerId: Types.ObjectId;
  partition: number;
  feed: MeterFeed | null;
  /** Telemetry's own totals (km, h): never set by a reading, so a replay's correction is theirs alone. */
  telemetryKm: number;
  telemetryHours: number;
  /** The meters as last read, plus what is counted since (what the watch is compared with). */
  odometerKm: number;
  engineHours: number;
  /** Counted since the last fold: in the recent counts, folded into the meters at the next compaction (as increments: a reading set meanwhile is kept). */
  pendingKm: number;
  pendingHours: number;
  /** The folds the stored meters have had: a recent count is of the fold it names. */
  foldSeq: number;
  watch: AssetMeter['watch'];
  /** The newest reading's time (unix s; null: none): a replay from before it would count again what the reading set. */
  readingTs: number | null;
  /** When the record was last read (ms): read again every REFRESH_MS for readings and watches set elsewhere. */
  readAt: number;
  /** Changed since the recent count was last written; counted since the last fold. */
  dirty: boolean;
  unfolded: boolean;
}

/** A checkpoint's share: where counting stood. */
interface MetersSnapshot {
  feed: MeterFeed | null;
  telemetryKm: number;
  telemetryHours: number;
}

/** What a batch reads of an asset's meters. */
const FIELDS = {
  _id: 1,
  clientId: 1,
  assetId: 1,
  odometerKm: 1,
  engineHours: 1,
  feed: 1,
  watch: 1,
  telemetryKm: 1,
  telemetryHours: 1,
  readingTs: 1,
  foldSeq: 1,
};
/** Readings and watches set by another instance reach the meters in memory within this. */
const REFRESH_MS = 30_000;

/**
 * Meters from telemetry, as a processor of the ingestion pipeline (docs/maintenance.md, "Meters
 * from telemetry"): what each asset's new fixes add (`advance`) is counted in memory; every second
 * the counts since the last fold go to the recent counts (`MetersRecent`: one write a partition),
 * which readers add to the stored meters; each compaction folds them into the meters as increments
 * (a reading set meanwhile is kept). After late fixes the stretch is counted again from the
 * checkpoint's feed and the meters corrected by the difference in telemetry's own totals. When the
 * meters reach an asset's `watch` (the service plans' next threshold), `METERS_CHANGED` is told.
 * `METERS_FROM_TELEMETRY=false` leaves it unregistered on this instance.
 */
@Injectable()
export class MetersProcessor implements TrackerProcessor, OnModuleInit, OnModuleDestroy {
  readonly name = 'meters';
  private readonly logger = new Logger(MetersProcessor.name);
  private readonly held = new Map<string, HeldMeters>();
  private unregister?: () => void;

  constructor(
    private readonly processors: TrackerProcessors,
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    private readonly recent: MetersRecent,
    private readonly bus: DomainEvents,
    private readonly ownership: TrackerOwnership,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.get('METERS_FROM_TELEMETRY')) {
      this.logger.warn('METERS_FROM_TELEMETRY=false: telemetry does not move the meters on this instance');
      return;
    }
    this.unregister = this.processors.register(this);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  async prepare(trackers: readonly ProcessedTracker[]): Promise<void> {
    const now = Date.now();
    // An asset whose tracker was replaced: what the old one counted is folded in now (its recent
    // count sits in the old tracker's partition, where readers no longer look), then read again.
    const replaced = trackers.flatMap((tracker) => {
      const held = this.held.get(tracker.assetId.toHexString());
      return held && !held.trackerId.equals(tracker.trackerId) ? [held] : [];
    });
    if (replaced.length > 0) {
      await this.fold(replaced.filter((held) => held.unfolded));
      for (const held of replaced) this.held.delete(held.assetId.toHexString());
    }
    const wanted = trackers.filter((tracker) => {
      const held = this.held.get(tracker.assetId.toHexString());
      return !held || (!held.unfolded && now - held.readAt >= REFRESH_MS);
    });
    if (wanted.length === 0) return;
    await Promise.all(
      [...groupBy(wanted, (tracker) => tracker.clientId.toHexString()).values()].map(async (group) => {
        const stored = await this.meters.findByIds(
          scopeOfClient(group[0].clientId),
          group.map((tracker) => tracker.assetId.toHexString()),
          FIELDS,
        );
        const byId = new Map(stored.map((meter) => [meter._id.toHexString(), meter]));
        for (const { assetId, clientId, trackerId } of group) {
          const id = assetId.toHexString();
          const record = byId.get(id);
          const held = this.held.get(id);
          if (held) {
            // Read again, nothing counted since the last fold: the meters as stored (readings included).
            if (record)
              Object.assign(held, {
                odometerKm: record.odometerKm,
                engineHours: record.engineHours,
                watch: record.watch,
                readingTs: record.readingTs ?? null,
                foldSeq: record.foldSeq ?? 0,
              });
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
      }),
    );
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
      this.count(held, byMileage ? 0 : from.telemetryKm + replayed.km - held.telemetryKm, from.telemetryHours + replayed.hours - held.telemetryHours);
      held.feed = byMileage ? { ...replayed.feed, mileage: held.feed?.mileage ?? replayed.feed.mileage } : replayed.feed;
    }
    return Promise.resolve();
  }

  advance(batch: readonly NewFixes[]): Promise<void> {
    for (const { assetId, trackerId, fixes } of batch) {
      const held = this.held.get(assetId.toHexString());
      if (!held) continue;
      const step = advance(held.feed, trackerId.toHexString(), fixes);
      this.count(held, step.km, step.hours);
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
    if (full) return this.fold([...this.held.values()].filter((held) => held.unfolded && this.owned(held)));
    const dirty = [...this.held.values()].filter((held) => held.dirty && this.owned(held));
    if (dirty.length === 0) return;
    for (const held of dirty) held.dirty = false;
    try {
      await this.recent.write(dirty.map((held) => this.recentOf(held)));
    } catch (error) {
      for (const held of dirty) held.dirty = true;
      throw error;
    }
    const reached = dirty.filter(
      ({ watch, odometerKm, engineHours }) =>
        watch && ((watch.odometerKm !== null && odometerKm >= watch.odometerKm) || (watch.engineHours !== null && engineHours >= watch.engineHours)),
    );
    if (reached.length > 0) await this.tellReached(reached);
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
    if (held.unfolded) await this.fold([held]);
  }

  forget(assetIds: readonly string[], discard = false): void {
    for (const id of assetIds) if (discard || !this.held.get(id)?.unfolded) this.held.delete(id);
  }

  private owned(held: HeldMeters): boolean {
    return this.ownership.holdsTracker(held.trackerId.toHexString());
  }

  private count(held: HeldMeters, km: number, hours: number): void {
    held.telemetryKm += km;
    held.telemetryHours += hours;
    held.odometerKm += km;
    held.engineHours += hours;
    held.pendingKm += km;
    held.pendingHours += hours;
    held.dirty = true;
    held.unfolded = true;
  }

  private recentOf(held: HeldMeters): RecentEntry {
    return {
      partition: held.partition,
      assetId: held.assetId.toHexString(),
      km: held.pendingKm,
      hours: held.pendingHours,
      foldSeq: held.foldSeq,
      at: Date.now(),
    };
  }

  /**
   * The counts since the last fold into the meters (increments, one bulk write per client; the first
   * of an asset creates its meters), by `_id` and client — the unique index's keys, a lookup —, each
   * moving the meters to the next fold; then their recent counts taken out.
   */
  private async fold(folding: readonly HeldMeters[]): Promise<void> {
    if (folding.length === 0) return;
    // Taken as they are now: a batch may count on while the write is under way.
    const taken = folding.map((held) => ({ held, km: held.pendingKm, hours: held.pendingHours, feed: held.feed }));
    for (const held of folding) Object.assign(held, { pendingKm: 0, pendingHours: 0, unfolded: false, foldSeq: held.foldSeq + 1 });
    try {
      const now = new Date();
      await Promise.all(
        [...groupBy(taken, ({ held }) => held.clientId.toHexString()).values()].map((group) =>
          this.meters.upsertEach(
            scopeOfClient(group[0].held.clientId),
            group.map(({ held, km, hours, feed }) => ({
              filter: { _id: held.assetId },
              update: {
                $inc: { odometerKm: km, engineHours: hours, telemetryKm: km, telemetryHours: hours, foldSeq: 1 },
                $set: { feed, updatedAt: now, ...(km !== 0 ? { odometerSource: 'telemetry' as const } : {}) },
                $setOnInsert: {
                  assetId: held.assetId,
                  watch: null,
                  readingTs: null,
                  lastCheckpointTs: null,
                  ...(km === 0 ? { odometerSource: 'telemetry' as const } : {}),
                },
              },
            })),
          ),
        ),
      );
    } catch (error) {
      for (const { held, km, hours } of taken)
        Object.assign(held, { pendingKm: held.pendingKm + km, pendingHours: held.pendingHours + hours, unfolded: true, foldSeq: held.foldSeq - 1 });
      throw error;
    }
    // Counted since the fold began: their count from the new fold; the others' taken out.
    const since = taken.filter(({ held }) => held.unfolded);
    await this.recent.write(
      since.map(({ held }) => this.recentOf(held)),
      taken.filter(({ held }) => !held.unfolded).map(({ held }) => ({ partition: held.partition, assetId: held.assetId.toHexString() })),
    );
    for (const { held } of since) held.dirty = false;
  }

  /**
   * The meters of the assets that reached their watch — as stored, plus what this instance counted
   * since — told to `METERS_CHANGED`; then their watch read again (the listeners move it on).
   */
  private async tellReached(reached: readonly HeldMeters[]): Promise<void> {
    const groups = [...groupBy(reached, (held) => held.clientId.toHexString()).values()];
    const read = async (): Promise<Array<Stored<AssetMeter>>> =>
      (
        await Promise.all(
          groups.map((group) =>
            this.meters.findByIds(
              scopeOfClient(group[0].clientId),
              group.map((held) => held.assetId.toHexString()),
              FIELDS,
            ),
          ),
        )
      ).flat();
    const now = (meter: Stored<AssetMeter>) => {
      const held = this.held.get(meter._id.toHexString());
      const counted = held && held.foldSeq === (meter.foldSeq ?? 0) ? held : null;
      return { odometerKm: meter.odometerKm + (counted?.pendingKm ?? 0), engineHours: meter.engineHours + (counted?.pendingHours ?? 0) };
    };
    const changes: MeterChange[] = (await read()).map((meter) => ({ clientId: meter.clientId, assetId: meter._id, ...now(meter) }));
    if (changes.length > 0) await this.bus.publish(METERS_CHANGED, changes);
    for (const meter of await read()) {
      const held = this.held.get(meter._id.toHexString());
      if (held) Object.assign(held, { ...now(meter), watch: meter.watch, readAt: Date.now() });
    }
  }
}
