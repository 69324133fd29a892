import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { InjectRepository, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { AssetMeterCheckpoint, MeterCheckpoint } from './schemas/asset-meter-checkpoint.schema';

/** Meters are kept at most every this often for replays of late messages… */
export const METER_CHECKPOINT_EVERY_S = 600;
/** …and for this long: a message later than that is stored but does not change the meters. */
export const METER_CHECKPOINTS_SPAN_S = 24 * 3600;
/** Slots read at once when a replay looks further back than the newest checkpoint: an hour. */
const SLOTS_PER_READ = 6;

/** The 10-minute slot of a checkpoint at `ts`: at most one an asset, since they are that far apart. */
export const checkpointSlot = (ts: number): number => Math.floor(ts / METER_CHECKPOINT_EVERY_S);

/** The slots after the one of `afterTs` up to the one of `upToTs`, newest first. */
export function slotsBetween(afterTs: number, upToTs: number): number[] {
  const slots: number[] = [];
  for (let slot = checkpointSlot(upToTs); slot > checkpointSlot(afterTs); slot--) slots.push(slot);
  return slots;
}

/** What a batch changes in one asset's checkpoints. */
export interface CheckpointChange {
  assetId: Types.ObjectId;
  /** A new checkpoint (the ones past the span go with the sweep, not with the batch). */
  added: MeterCheckpoint | null;
  /** A replay from the checkpoint at `from`: the asset's after it, up to its newest at `newest`, no longer hold. */
  replayed: { from: number; newest: number } | null;
}

/** An asset's newest checkpoint time, from its meters: the sweep drops its checkpoints a span older. */
export interface NewestCheckpoint {
  assetId: Types.ObjectId;
  lastCheckpointTs: number;
}

/** Whether a checkpoint is due at `ts` after the asset's newest at `lastTs` (null: none). */
export const checkpointDue = (lastTs: number | null | undefined, ts: number): boolean => lastTs == null || ts - lastTs >= METER_CHECKPOINT_EVERY_S;

/**
 * The filter of the checkpoints past the span (null: none): each asset's more than
 * METER_CHECKPOINTS_SPAN_S of fix time older than its newest (the rule a replay checks too), under
 * the latest of those bounds first: the embedded server scans (a sweep's query, not a batch's),
 * and most checkpoints fail that one test instead of being tried against every asset's branch.
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
 * (one insert per client batch), read and deleted by their slots only to replay a late message; those past the
 * span go with a recurring sweep (`MeterCheckpointsSweep`), never in a batch: on the embedded
 * server that delete scans the whole collection.
 */
@Injectable()
export class MeterCheckpoints {
  constructor(@InjectRepository(AssetMeterCheckpoint) private readonly checkpoints: TenantRepository<AssetMeterCheckpoint>) {}

  /**
   * The asset's newest checkpoint before `ts` and not before `notBefore` (the span), or null;
   * `newestTs` is its newest one's time (the meters' `lastCheckpointTs`). Read by their slots, one
   * query per slot with exactly the unique index's keys: the embedded server answers that by a
   * lookup, and scans the whole collection for anything else — a sorted read, a time range, even a
   * `$in` on a compound index's key (checked in its `AbstractUniqueIndex.canHandle`). First the
   * newest one's slot (a message late by less than the spacing: the usual case, and batches that
   * overtake each other), then an hour of slots at a time, side by side, back to the span's start.
   */
  async newestBefore(scope: TenantScope, assetId: Types.ObjectId, ts: number, newestTs: number | null, notBefore: number): Promise<MeterCheckpoint | null> {
    if (newestTs === null) return null;
    const oldest = checkpointSlot(notBefore);
    let slots = [checkpointSlot(Math.min(newestTs, ts))];
    while (slots.length > 0 && slots[0] >= oldest) {
      const found = (await Promise.all(slots.map((slot) => this.checkpoints.findOne(scope, { assetId, slot })))).filter((checkpoint) => checkpoint !== null && checkpoint.ts < ts);
      if (found.length > 0) return found.reduce((newest, checkpoint) => (checkpoint!.ts > newest!.ts ? checkpoint : newest));
      const next = slots[slots.length - 1] - 1;
      slots = [];
      for (let slot = next; slot > next - SLOTS_PER_READ && slot >= oldest; slot--) slots.push(slot);
    }
    return null;
  }

  /**
   * Adds a batch's new checkpoints (one insert) after dropping those a replay made wrong: the
   * asset's after the one replayed from, slot by slot (a lookup each, see `newestBefore`); first,
   * since the one added may take the slot of one that goes.
   */
  async apply(scope: TenantScope, changes: readonly CheckpointChange[]): Promise<void> {
    const dropped = changes.flatMap(({ assetId, replayed }) => (replayed ? slotsBetween(replayed.from, replayed.newest).map((slot) => ({ assetId, slot })) : []));
    await Promise.all(dropped.map((key) => this.checkpoints.deleteMany(scope, key)));
    const added = changes.flatMap(({ assetId, added }) => (added ? [{ assetId, slot: checkpointSlot(added.ts), ...added }] : []));
    // A duplicate is a checkpoint of the same slot added by a batch of the same asset that ran alongside.
    await this.checkpoints.insertNew(scope, added);
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
