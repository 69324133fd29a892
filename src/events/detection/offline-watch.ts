import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { byClient, InjectRepository, InjectUnscopedModel, scopeOfClient, TenantRepository } from '@app/database';
import { Asset, eventSettingsOf } from '@app/fleet';
import { TrackerOwnership } from '../../positions';
import type { NewFleetEvent } from '../fleet-event.types';
import { FleetEvents } from '../fleet-events.service';
import { AssetEventState } from '../schemas/asset-event-state.schema';
import { EventStates } from './event-states';

/** How often an instance looks for its silent trackers: an offline event comes within this of the threshold. */
export const OFFLINE_CHECK_EVERY_MS = 30_000;
/** The shortest threshold an asset may set (`eventSettings.offlineMinutes`): no asset is looked at sooner. */
const MIN_OFFLINE_S = 5 * 60;

/**
 * `tracker.offline` for assets whose tracker sent nothing for their `offlineMinutes` — silence
 * measured from when its last message arrived, on the server's clock, not from the fix's own time:
 * a device uploading a backlog of old fixes is online, and a wrong device clock (a fix dated
 * next year) does not keep it online —, at the moment the threshold passed; the next fix is
 * `tracker.online` (the detector). Each instance checks the trackers it processes, on their
 * in-memory detector state — the state a batch of the tracker moves too, so a fix and the check
 * never undo each other — and brings into memory the silent ones whose state is only stored
 * (quiet trackers leave memory). An archived asset is marked without being told, and no longer
 * looked at.
 */
@Injectable()
export class OfflineWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OfflineWatch.name);
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<number> | null = null;

  constructor(
    // The one read across clients of this domain: the stored states of silent assets.
    @InjectUnscopedModel(AssetEventState) private readonly allStates: Model<AssetEventState>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly states: EventStates,
    private readonly events: FleetEvents,
    private readonly ownership: TrackerOwnership,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsBackgroundWork) return;
    this.timer = setInterval(
      () => void this.check().catch((error: Error) => this.logger.warn(`Offline check failed: ${error.message}`)),
      OFFLINE_CHECK_EVERY_MS,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Marks (and tells) the silent assets as of `now`; answers how many were told. One check at a time. */
  check(now = new Date()): Promise<number> {
    this.checking ??= this.checkNow(now).finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkNow(now: Date): Promise<number> {
    const seconds = now.getTime() / 1000;
    await this.loadStoredSilent(seconds);
    const found: NewFleetEvent[] = [];
    for (const held of this.states.values()) {
      const { state, asset, seenAt } = held;
      if (state.offline !== null || state.lastTs === null || seenAt === null || !asset || !this.ownership.ownsTracker(held.trackerId.toHexString())) continue;
      const offlineMinutes = eventSettingsOf(asset).offlineMinutes;
      const since = seenAt / 1000 + offlineMinutes * 60;
      if (since > seconds) continue;
      // Decided and marked in one turn, on the state a batch of the tracker moves too.
      state.offline = { since, lastFixAt: state.lastTs, ...(asset.archivedAt ? { silent: true } : {}) };
      held.dirty = true;
      if (!asset.archivedAt) {
        found.push({
          clientId: asset.clientId,
          assetId: asset._id,
          assetName: asset.name,
          type: 'tracker.offline',
          occurredAt: new Date(since * 1000),
          details: { lastFixAt: new Date(state.lastTs * 1000).toISOString(), offlineMinutes },
        });
      }
    }
    await this.events.record(found);
    await this.states.flush();
    if (found.length > 0) this.logger.log(`${found.length} tracker(s) offline`);
    return found.length;
  }

  /** The silent assets stored but not in memory whose trackers this instance processes, read into memory (in bulk per client). */
  private async loadStoredSilent(seconds: number): Promise<void> {
    const before = seconds - MIN_OFFLINE_S;
    // States written before arrivals were kept: by their newest fix.
    const filter = { offline: null, $or: [{ seenAt: { $lt: new Date(before * 1000) } }, { seenAt: null, lastTs: { $lt: before } }] };
    const silent = await this.allStates
      .find(filter, { _id: 1, clientId: 1, assetId: 1, trackerId: 1 })
      .lean<Array<Pick<AssetEventState, '_id' | 'clientId' | 'assetId' | 'trackerId'>>>()
      .exec();
    const stored = silent.filter((candidate) => !this.states.get(candidate._id.toHexString()));
    for (const group of byClient(stored)) {
      // States written before they named their tracker: the asset's main tracker.
      const unnamed = group.filter((candidate) => !candidate.trackerId).map((candidate) => candidate.assetId.toHexString());
      const trackers = new Map<string, Types.ObjectId | null>();
      if (unnamed.length > 0)
        for (const asset of await this.assets.findByIds(scopeOfClient(group[0].clientId), unnamed))
          trackers.set(asset._id.toHexString(), asset.mainTrackerId ?? null);
      const mine = group.flatMap((candidate) => {
        const trackerId = candidate.trackerId ?? trackers.get(candidate.assetId.toHexString()) ?? null;
        return trackerId && this.ownership.ownsTracker(trackerId.toHexString())
          ? [{ clientId: candidate.clientId, assetId: candidate.assetId, trackerId }]
          : [];
      });
      await this.states.load(mine);
    }
  }
}
