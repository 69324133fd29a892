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
  /** A new checkpoint: the asset's more than a day older than it go. */
  added: MeterCheckpoint | null;
  /** The time of the checkpoint a replay started from: the asset's after it no longer hold. */
  replayedFrom: number | null;
}

/** Whether a checkpoint is due at `ts` after the asset's newest at `lastTs` (null: none). */
export const checkpointDue = (lastTs: number | null | undefined, ts: number): boolean => lastTs == null || ts - lastTs >= METER_CHECKPOINT_EVERY_S;

/**
 * The filter of the checkpoints that go after `changes` (null: none). A replayed asset's after the
 * one replayed from go, but not the one added in the same batch (the delete and the insert run
 * side by side): it is newer than every stored one. Each kind is asked for under one bound on
 * the time first: the embedded server scans, and most checkpoints fail that one test instead of
 * being tried against every asset's branch.
 */
export function droppedBy(changes: readonly CheckpointChange[]): TenantQuery<AssetMeterCheckpoint> | null {
  const afterReplay: Array<TenantQuery<AssetMeterCheckpoint>> = [];
  const pastTheDay: Array<TenantQuery<AssetMeterCheckpoint>> = [];
  let after = Infinity;
  let before = -Infinity;
  for (const { assetId, added, replayedFrom } of changes) {
    if (replayedFrom !== null) {
      afterReplay.push({ assetId, ts: added ? { $gt: replayedFrom, $lt: added.ts } : { $gt: replayedFrom } });
      after = Math.min(after, replayedFrom);
    }
    if (!added) continue;
    const dropBefore = added.ts - METER_CHECKPOINTS_SPAN_S;
    pastTheDay.push({ assetId, ts: { $lt: dropBefore } });
    before = Math.max(before, dropBefore);
  }
  const branches: Array<TenantQuery<AssetMeterCheckpoint>> = [];
  if (afterReplay.length > 0) branches.push({ ts: { $gt: after }, $or: afterReplay });
  if (pastTheDay.length > 0) branches.push({ ts: { $lt: before }, $or: pastTheDay });
  return branches.length === 0 ? null : branches.length === 1 ? branches[0] : { $or: branches };
}

/**
 * The meters' checkpoints, a document each (`asset_meter_checkpoints`): written when one is due
 * (one insert and one delete per batch), read only to replay a late message.
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

  /** Adds a batch's new checkpoints and drops those past the day or after a replayed one. */
  async apply(scope: TenantScope, changes: readonly CheckpointChange[]): Promise<void> {
    const added = changes.flatMap(({ assetId, added }) => (added ? [{ assetId, ...added }] : []));
    const dropped = droppedBy(changes);
    // A duplicate is the same checkpoint added by a batch of the same asset that ran alongside.
    await Promise.all([this.checkpoints.insertNew(scope, added), dropped ? this.checkpoints.deleteMany(scope, dropped) : null]);
  }

  /** Drops every checkpoint of the asset (a reading set its meters: replays start after it). */
  async dropAll(scope: TenantScope, assetId: Types.ObjectId): Promise<void> {
    await this.checkpoints.deleteMany(scope, { assetId });
  }
}
