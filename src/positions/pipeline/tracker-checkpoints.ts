import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessOnlyDuplicates } from '@app/database';
import { TrackerCheckpointRecord } from './tracker-state.schema';

/** A checkpoint is kept at most every this often of fix time, for replays of late fixes… */
export const CHECKPOINT_EVERY_S = 600;
/** …and for this long: a fix later than that is stored but derives nothing again. */
export const CHECKPOINTS_SPAN_S = 24 * 3600;
/** Slots read at once when a replay looks further back than the newest checkpoint: an hour. */
const SLOTS_PER_READ = 6;

/** The 10-minute slot of a checkpoint at `ts`: at most one a tracker, since they are that far apart. */
export const checkpointSlot = (ts: number): number => Math.floor(ts / CHECKPOINT_EVERY_S);
const checkpointId = (trackerId: string, slot: number) => `${trackerId}:${slot}`;

/** Whether a checkpoint is due at `ts` after the newest at `lastTs` (null: none). */
export const checkpointDue = (lastTs: number | null, ts: number): boolean => lastTs === null || ts - lastTs >= CHECKPOINT_EVERY_S;

/** The slots after the one of `afterTs` up to the one of `upToTs`, newest first. */
export function slotsBetween(afterTs: number, upToTs: number): number[] {
  const slots: number[] = [];
  for (let slot = checkpointSlot(upToTs); slot > checkpointSlot(afterTs); slot--) slots.push(slot);
  return slots;
}

export interface NewCheckpoint {
  trackerId: Types.ObjectId;
  assetId: Types.ObjectId;
  ts: number;
  states: Record<string, unknown>;
}

/**
 * The trackers' checkpoints (`telemetry_checkpoints`), a document per tracker and 10-minute slot:
 * written once per slot (one insert per batch for all its trackers), read by their slots only to
 * replay a late fix — by `_id`, a lookup on every server (anything else scans the collection on
 * mongo-java-server) —, pruned by a recurring job once a day old.
 */
@Injectable()
export class TrackerCheckpoints {
  constructor(@InjectModel(TrackerCheckpointRecord.name) private readonly records: Model<TrackerCheckpointRecord>) {}

  async add(checkpoints: readonly NewCheckpoint[]): Promise<void> {
    if (checkpoints.length === 0) return;
    const createdAt = new Date();
    const docs = checkpoints.map(({ trackerId, assetId, ts, states }) => ({
      _id: checkpointId(trackerId.toHexString(), checkpointSlot(ts)),
      trackerId,
      assetId,
      ts,
      states,
      createdAt,
    }));
    // A duplicate: that slot's checkpoint was written before (a batch replayed after a restart).
    await this.records.collection.insertMany(docs as never[], { ordered: false }).catch(unlessOnlyDuplicates);
  }

  /**
   * The tracker's newest checkpoint before `ts` and not before `notBefore`, or null; `newestTs` is
   * its newest one's time. First the newest one's slot (a fix late by less than the spacing: the
   * usual case), then an hour of slots at a time, side by side, back to `notBefore`.
   */
  async newestBefore(trackerId: string, ts: number, newestTs: number | null, notBefore: number): Promise<TrackerCheckpointRecord | null> {
    if (newestTs === null) return null;
    const oldest = checkpointSlot(notBefore);
    let slots = [checkpointSlot(Math.min(newestTs, ts))];
    while (slots.length > 0 && slots[0] >= oldest) {
      const ids = slots.map((slot) => checkpointId(trackerId, slot));
      const found = (await this.records.collection.find<TrackerCheckpointRecord>({ _id: { $in: ids } } as never).toArray()).filter(
        (checkpoint) => checkpoint.ts < ts && checkpoint.ts >= notBefore,
      );
      if (found.length > 0) return found.reduce((newest, checkpoint) => (checkpoint.ts > newest.ts ? checkpoint : newest));
      const next = slots[slots.length - 1] - 1;
      slots = [];
      for (let slot = next; slot > next - SLOTS_PER_READ && slot >= oldest; slot--) slots.push(slot);
    }
    return null;
  }

  /** Drops the tracker's checkpoints after `afterTs` up to its newest at `newestTs` (a late fix made them wrong). */
  async dropAfter(trackerId: string, afterTs: number, newestTs: number): Promise<void> {
    const ids = slotsBetween(afterTs, newestTs).map((slot) => checkpointId(trackerId, slot));
    if (ids.length > 0) await this.records.collection.deleteMany({ _id: { $in: ids } } as never);
  }

  /** Removes the checkpoints written before `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    return (await this.records.collection.deleteMany({ createdAt: { $lt: before } })).deletedCount;
  }
}
