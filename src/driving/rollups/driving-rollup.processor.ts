import { Injectable } from '@nestjs/common';
import { byClient, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { Asset, type StoredAsset } from '@app/fleet';
import { GeofenceIndex } from '../../geofences';
import { FollowsTrackers, NewFixes, ProcessedTracker, Replay, TelemetryPointsReader, TrackerProcessor } from '../../positions';
import { freshWalkState, type FixWalkState } from '../fix-walk';
import { speedLimitAt } from '../speed-limit-at';
import { DayIncrement, DrivingDays } from './driving-days';
import { byDay, DAY_S, dayOf, HOUR_S, hourOf, walkByHour } from './hour-tallies';

interface HeldWalk {
  asset: StoredAsset;
  walk: FixWalkState;
  /** No walk stored for the asset: what it counts begins with its next fix. */
  fresh: boolean;
  dirty: boolean;
}

/**
 * The driving rollups (docs/driving.md, "Rollups"), as a processor of the ingestion pipeline: each
 * asset's new fixes are walked into hourly figures with the scores' walk, whose state (the last
 * fix, so that a step across two batches counts for its first fix's hour) is kept in memory and
 * written at each compaction; each batch makes one upsert per asset-day it touched. After late
 * fixes, the hours from the checkpoint's last fix on are walked again from the stored fixes and
 * written over.
 */
@Injectable()
@FollowsTrackers()
export class DrivingRollupProcessor implements TrackerProcessor {
  readonly name = 'driving';
  private readonly held = new Map<string, HeldWalk>();

  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly geofences: GeofenceIndex,
    private readonly points: TelemetryPointsReader,
    private readonly days: DrivingDays,
  ) {}

  async prepare(trackers: readonly ProcessedTracker[]): Promise<void> {
    const missing = trackers.filter((tracker) => !this.held.has(tracker.assetId.toHexString()));
    if (missing.length === 0) return;
    const ids = missing.map((tracker) => tracker.assetId.toHexString());
    const [walks, ...found] = await Promise.all([
      this.days.walkStates(ids),
      ...byClient(missing).map((group) =>
        this.assets.findByIds(
          scopeOfClient(group[0].clientId),
          group.map((tracker) => tracker.assetId.toHexString()),
        ),
      ),
    ]);
    for (const asset of found.flat()) {
      const walk = walks.get(asset._id.toHexString());
      this.held.set(asset._id.toHexString(), { asset, walk: walk ?? freshWalkState(), fresh: !walk, dirty: false });
    }
  }

  snapshot(tracker: ProcessedTracker): unknown {
    return structuredClone(this.held.get(tracker.assetId.toHexString())?.walk ?? null);
  }

  async advance(batch: readonly NewFixes[]): Promise<void> {
    const increments: DayIncrement[] = [];
    const walked: Array<[HeldWalk, FixWalkState]> = [];
    // The client's geofences (speed limits) are asked once a client, not once a vehicle.
    for (const ofClient of byClient(batch)) {
      const fences = await this.geofences.of(ofClient[0].clientId);
      for (const { assetId, fixes } of ofClient) {
        const held = this.held.get(assetId.toHexString());
        if (!held || fixes.length === 0) continue;
        const { hours, state } = walkByHour(held.walk, fixes, speedLimitAt(held.asset, fences));
        const firstDay = held.fresh ? dayOf(fixes[0].ts) : null;
        const days = byDay(hours);
        // The day its walk begins records from when, even with nothing to count yet.
        if (firstDay !== null && !days.has(firstDay)) days.set(firstDay, new Map());
        for (const [day, dayHours] of days)
          increments.push({ assetId: assetId.toHexString(), day, hours: dayHours, ...(day === firstDay && { coveredFrom: fixes[0].ts }) });
        walked.push([held, state]);
      }
    }
    await this.days.write(increments);
    // Once written: a state ahead of its rollups would skip, after a crash, the fixes they lost.
    for (const [held, state] of walked) Object.assign(held, { walk: state, fresh: false, dirty: true });
  }

  async replay(replays: readonly Replay[]): Promise<void> {
    for (const replay of replays) {
      const held = this.held.get(replay.assetId.toHexString());
      const from = replay.snapshot as FixWalkState | null;
      if (!held || replay.fixes.length === 0) continue;
      const first = hourOf(from?.last?.ts ?? replay.fixes[0].ts);
      // An hour before the first rewritten one sets the walk's last fix, limit and plausibility.
      const stored = await this.points.points(replay.trackerId.toHexString(), first - HOUR_S, replay.to);
      const { hours, state } = walkByHour(
        freshWalkState(),
        stored,
        speedLimitAt(held.asset, await this.geofences.of(replay.clientId)),
        (hour) => hour >= first,
      );
      const rewritten = byDay(hours);
      for (let day = dayOf(first); day <= dayOf(replay.to); day += DAY_S) {
        const cleared: number[] = [];
        for (let hour = Math.max(day, first); hour <= Math.min(day + DAY_S - 1, replay.to); hour += HOUR_S) cleared.push((hour - day) / HOUR_S);
        await this.days.write([{ assetId: replay.assetId.toHexString(), day, hours: rewritten.get(day) ?? new Map() }], 'set', cleared);
      }
      Object.assign(held, { walk: state, fresh: false, dirty: true });
    }
  }

  async flush(full: boolean): Promise<void> {
    if (!full) return;
    const dirty = [...this.held].filter(([, held]) => held.dirty);
    await this.days.saveWalkStates(new Map(dirty.map(([id, held]) => [id, held.walk])));
    for (const [, held] of dirty) held.dirty = false;
  }

  forget(assetIds: readonly string[], discard = false): void {
    for (const id of assetIds) if (discard || !this.held.get(id)?.dirty) this.held.delete(id);
  }
}
