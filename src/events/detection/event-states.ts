import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { byClient, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { type ProcessedTracker, TrackerOwnership } from '../../positions';
import { AssetEventState } from '../schemas/asset-event-state.schema';
import { DetectorState, initialState } from './detector-state';

/** What the detector keeps of an asset in memory, with the asset it last read. */
export interface HeldEventState {
  assetId: Types.ObjectId;
  clientId: Types.ObjectId;
  trackerId: Types.ObjectId;
  state: DetectorState;
  /** When a fix of the tracker last arrived (ms; null: never here): what the offline check measures silence from. */
  seenAt: number | null;
  asset: Stored<Asset> | null;
  /** When `asset` was read (ms): it is read again past READ_CACHE_TTL_SECONDS (settings, groups, archiving). */
  assetReadAt: number;
  dirty: boolean;
}

/** What is read of a stored state: not the checkpoints that states written before kept inside. */
const STATE_FIELDS = { _id: 1, clientId: 1, assetId: 1, trackerId: 1, lastTs: 1, seenAt: 1, state: 1, offline: 1 };

/**
 * The detector's states of the assets whose trackers this instance processes, in memory: read in
 * bulk when first needed (with their assets), written back in bulk when changed (`flush`).
 */
@Injectable()
export class EventStates {
  private readonly held = new Map<string, HeldEventState>();
  private readonly assetTtlMs: number;

  constructor(
    @InjectRepository(AssetEventState) private readonly states: TenantRepository<AssetEventState>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly ownership: TrackerOwnership,
    config: AppConfig,
  ) {
    this.assetTtlMs = Math.max(config.readCacheTtlMs, 1000);
  }

  get(assetId: string): HeldEventState | undefined {
    return this.held.get(assetId);
  }

  values(): IterableIterator<HeldEventState> {
    return this.held.values();
  }

  /** Brings these trackers' assets' states into memory, and their assets read again when stale: one read per client and collection. */
  async load(trackers: readonly Pick<ProcessedTracker, 'clientId' | 'assetId' | 'trackerId'>[]): Promise<void> {
    const now = Date.now();
    const missing = trackers.filter((tracker) => !this.held.has(tracker.assetId.toHexString()));
    const stale = trackers.filter((tracker) => {
      const held = this.held.get(tracker.assetId.toHexString());
      return held !== undefined && now - held.assetReadAt >= this.assetTtlMs;
    });
    if (missing.length === 0 && stale.length === 0) return;
    await Promise.all(
      byClient([...missing, ...stale]).map(async (group) => {
        const scope = scopeOfClient(group[0].clientId);
        const ids = group.map((tracker) => tracker.assetId.toHexString());
        const wanted = new Set(missing.map((tracker) => tracker.assetId.toHexString()));
        const [stored, assets] = await Promise.all([
          this.states.findByIds(
            scope,
            ids.filter((id) => wanted.has(id)),
            STATE_FIELDS,
          ),
          this.assets.findByIds(scope, ids),
        ]);
        const states = new Map(stored.map((record) => [record._id.toHexString(), record]));
        const assetsById = new Map(assets.map((asset) => [asset._id.toHexString(), asset]));
        for (const tracker of group) {
          const id = tracker.assetId.toHexString();
          const asset = assetsById.get(id) ?? null;
          const held = this.held.get(id);
          if (held) {
            held.asset = asset;
            held.assetReadAt = now;
            continue;
          }
          const record = states.get(id);
          const state: DetectorState = record ? { ...initialState(), ...record.state, lastTs: record.lastTs, offline: record.offline } : initialState();
          // States written before arrivals were kept: silent since their newest fix.
          const seenAt = record?.seenAt?.getTime() ?? (record?.lastTs != null ? record.lastTs * 1000 : null);
          this.held.set(id, {
            assetId: tracker.assetId,
            clientId: tracker.clientId,
            trackerId: tracker.trackerId,
            state,
            seenAt,
            asset,
            assetReadAt: now,
            dirty: !record,
          });
        }
      }),
    );
  }

  /**
   * Writes the changed states, one bulk write per client, by `_id` (a condition beside it makes
   * mongo-java-server scan the collection). Only of trackers whose lease this instance still holds
   * (`TrackerOwnership.holds`, as the trackers' own states): one that lost them while it stalled
   * writes nothing (their new owner's states stand).
   */
  async flush(): Promise<void> {
    const dirty = [...this.held.values()].filter((held) => held.dirty && this.ownership.holdsTracker(held.trackerId.toHexString()));
    if (dirty.length === 0) return;
    for (const held of dirty) held.dirty = false;
    try {
      await Promise.all(
        byClient(dirty).map((group) =>
          this.states.upsertEach(
            scopeOfClient(group[0].clientId),
            group.map(({ assetId, trackerId, state, seenAt }) => {
              const { offline, ...kept } = state;
              return {
                filter: { _id: assetId },
                update: {
                  $set: { assetId, trackerId, lastTs: state.lastTs, seenAt: seenAt === null ? null : new Date(seenAt), state: kept as DetectorState, offline },
                  $unset: { checkpoints: '' },
                },
              };
            }),
          ),
        ),
      );
    } catch (error) {
      for (const held of dirty) held.dirty = true;
      throw error;
    }
  }

  forget(assetIds: readonly string[], discard = false): void {
    for (const id of assetIds) if (discard || !this.held.get(id)?.dirty) this.held.delete(id);
  }
}
