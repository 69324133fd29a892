import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { InjectRepository, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { AssetMeterCheckpoint, MeterCheckpoint } from './schemas/asset-meter-checkpoint.schema';

/** Meters are kept at most every this often for replays of late messages… */
export const METER_CHECKPOINT_EVERY_S = 600;
/** …and for this long: a message later than that is stored but does not change the meters. */
export const METER_CHECKPOINTS_SPAN_S = 24 * 3600;

/** What a batch changes in one asset's checkpoints. */
export interface CheckpointChange {
  assetId: Types.ObjectId;
  /** A new checkpoint (the ones past the span go with the sweep, not with the batch). */
  added: MeterCheckpoint | null;
  /** The time of the checkpoint a replay started from: the asset's after it no longer hold. */
  replayedFrom: number | null;
}

/** An asset's newest checkpoint time, from its meters: the sweep drops its checkpoints a span older. */
export interface NewestCheckpoint {
  assetId: Types.ObjectId;
  lastCheckpointTs: number;
}

/** Whether a checkpoint is due at `ts` after the asset's newest at `lastTs` (null: none). */
export const checkpointDue = (lastTs: number | null | undefined, ts: number): boolean => lastTs == null || ts - lastTs >= METER_CHECKPOINT_EVERY_S;

/**
 * The filter of the checkpoints a batch's replays make wrong (null: none): a replayed asset's after
 * the one replayed from, but not the one added in the same batch (the delete and the insert run
 * side by side): it is newer than every stored one. Asked for under one bound on the time first:
 * the embedded server scans, and most checkpoints fail that one test instead of being tried
 * against every asset's branch.
 */
export function droppedAfterReplays(changes: readonly CheckpointChange[]): TenantQuery<AssetMeterCheckpoint> | null {
  const branches: Array<TenantQuery<AssetMeterCheckpoint>> = [];
  let after = Infinity;
  for (const { assetId, added, replayedFrom } of changes) {
    if (replayedFrom === null) continue;
    branches.push({ assetId, ts: added ? { $gt: replayedFrom, $lt: added.ts } : { $gt: replayedFrom } });
    after = Math.min(after, replayedFrom);
  }
  return branches.length === 0 ? null : { ts: { $gt: after }, $or: branches };
}

/**
 * The filter of the checkpoints past the span (null: none): each asset's more than
 * METER_CHECKPOINTS_SPAN_S of fix time older than its newest (the rule a replay checks too), under
 * the latest of those bounds first (see `droppedAfterReplays`).
 */
export function pastTheSpan(assets: readonly NewestCheckpoint[]): TenantQuery<AssetMeterCheckpoint> | null {
  if (assets.length === 0) return null;
  let before = -Infinity;
  const branches = assets.map(({ assetId, lastCheckpointTs }) => {
    const dropBefore = lastCheckpointTs - METER_CHECKPOINTS_SPAN_S;
    before = Math.max(before, dropBefore);
    return { assetId, ts: { $lt: dropBefore } };
  });
  return { ts: { $lt: before }, $or: branches };
}

/**
 * The meters' checkpoints, a document each (`asset_meter_checkpoints`): inserted when one is due
 * (one insert per client batch), read and deleted only to replay a late message; those past the
 * span go with a recurring sweep (`MeterCheckpointsSweep`), never in a batch: on the embedded
 * server that delete scans the whole collection.
 */
@Injectable()
export class MeterCheckpoints {
  constructor(@InjectRepository(AssetMeterCheckpoint) private readonly checkpoints: TenantRepository<AssetMeterCheckpoint>) {}

  /**
   * The asset's newest checkpoint before `ts`, or null; `newestTs` is its newest one's time (the
   * meters' `lastCheckpointTs`). A message late by less than the checkpoints' spacing (the usual
   * case, and batches that overtake each other) wants that newest one: a lookup on the unique
   * index. Later than that, the asset's are sorted (the embedded server scans for it).
   */
  newestBefore(scope: TenantScope, assetId: Types.ObjectId, ts: number, newestTs: number | null): Promise<MeterCheckpoint | null> {
    if (newestTs === null) return Promise.resolve(null);
    if (newestTs < ts) return this.checkpoints.findOne(scope, { assetId, ts: newestTs });
    return this.checkpoints.findOne(scope, { assetId, ts: { $lt: ts } }, { sort: { ts: -1 } });
  }

  /** Adds a batch's new checkpoints and drops those after a replayed one. */
  async apply(scope: TenantScope, changes: readonly CheckpointChange[]): Promise<void> {
    const added = changes.flatMap(({ assetId, added }) => (added ? [{ assetId, ...added }] : []));
    const dropped = droppedAfterReplays(changes);
    // A duplicate is the same checkpoint added by a batch of the same asset that ran alongside.
    await Promise.all([this.checkpoints.insertNew(scope, added), dropped ? this.checkpoints.deleteMany(scope, dropped) : null]);
  }

  /** Drops the checkpoints of `assets` (one client's) past the span; answers how many went. */
  async dropPastTheSpan(scope: TenantScope, assets: readonly NewestCheckpoint[]): Promise<number> {
    const dropped = pastTheSpan(assets);
    return dropped ? this.checkpoints.deleteMany(scope, dropped) : 0;
  }

  /** Drops every checkpoint of the asset (a reading set its meters: replays start after it). */
  async dropAll(scope: TenantScope, assetId: Types.ObjectId): Promise<void> {
    await this.checkpoints.deleteMany(scope, { assetId });
  }
}
