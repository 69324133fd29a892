import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LatestPositionStore } from '../store/latest-position.store';
import type { TripProgress } from '../telemetry/trip-detector';
import { TrackerOwnership } from './tracker-ownership';
import { TrackerState } from './tracker-state';
import { TrackerStateRecord } from './tracker-state.schema';

/** Where a tracker without any record stands: nothing stored, no trip (every timestamp is after 0). */
const NOTHING_SEEN: TripProgress = { openBegin: null, openLastMoving: null, seenTo: 0 };

/** A tracker of a batch as routing found it. */
export interface TrackerRef {
  _id: Types.ObjectId;
  clientId: Types.ObjectId;
  vendorId: number;
}

/** Changed states taken as they were, to write (or, when what comes before fails, to mark changed again). */
export interface CapturedStates {
  write(): Promise<void>;
  abandon(): void;
}

/**
 * The per-tracker states of the trackers this instance processes, in memory: read in bulk the
 * first time a tracker is seen (its stored state and latest position: one query each for all the
 * batch's new trackers), written back in bulk (`persist`), dropped when quiet (`forgetQuiet`).
 */
@Injectable()
export class TrackerStates {
  private readonly states = new Map<string, TrackerState>();

  constructor(
    @InjectModel(TrackerStateRecord.name) private readonly records: Model<TrackerStateRecord>,
    private readonly latest: LatestPositionStore,
    private readonly ownership: TrackerOwnership,
  ) {}

  get size(): number {
    return this.states.size;
  }

  /** The states in memory (compaction and the offline check walk them). */
  values(): IterableIterator<TrackerState> {
    return this.states.values();
  }

  peek(trackerId: string): TrackerState | undefined {
    return this.states.get(trackerId);
  }

  /** The states of these trackers, those not in memory read in one query per collection. */
  async obtain(trackers: readonly TrackerRef[]): Promise<TrackerState[]> {
    const now = Date.now();
    const missing = trackers.filter((tracker) => !this.states.has(tracker._id.toHexString()));
    if (missing.length > 0) {
      const ids = missing.map((tracker) => tracker._id.toHexString());
      const [records, latest] = await Promise.all([
        this.records.collection.find<TrackerStateRecord>({ _id: { $in: ids } } as never).toArray(),
        this.latest.findStored(ids),
      ]);
      const byId = new Map(records.map((record) => [record._id, record]));
      for (const tracker of missing) {
        const id = tracker._id.toHexString();
        if (this.states.has(id)) continue; // read by a batch that ran alongside
        const record = byId.get(id);
        const position = latest.get(id) ?? null;
        // Records written before the pipeline kept its own: the trips' progress was kept with the latest position.
        // A tracker with neither has derived nothing: its trips follow on from an empty progress. Its first points are
        // still looked up in the buckets (by _id, once): a process killed after a direct write left them there alone.
        const known = record !== undefined || position !== null;
        const trips: TripProgress | null = known ? (record?.trips ?? LatestPositionStore.tripProgressOf(position)) : NOTHING_SEEN;
        this.states.set(id, {
          id,
          trackerId: tracker._id,
          clientId: tracker.clientId,
          vendorId: tracker.vendorId,
          assetId: null,
          partition: this.ownership.partitionOf(id),
          newestTs: known ? (record?.newestTs ?? trips?.seenTo ?? null) : null,
          processedTs: known ? (record?.processedTs ?? record?.newestTs ?? trips?.seenTo ?? null) : null,
          unreplayed: record?.unreplayed ?? null,
          latest: position,
          plausibility: null,
          trips,
          checkpoint: null,
          checkpointTs: record?.checkpointTs ?? null,
          tail: [],
          compacting: [],
          dirty: false,
          usedAt: now,
        });
      }
    }
    return trackers.map((tracker) => {
      const state = this.states.get(tracker._id.toHexString())!;
      state.usedAt = now;
      return state;
    });
  }

  /**
   * Writes the changed states (the newest message, trips' progress, checkpoint time, latest
   * position) in bulk, by `_id` (a lookup: a condition beside it makes mongo-java-server scan the
   * collection, ~5 ms a write at 20 000 documents). Only those of partitions whose lease this instance
   * still holds (`TrackerOwnership.holds`): one that lost its lease while it stalled writes nothing
   * of them (the new owner's states stand).
   */
  persist(states: readonly TrackerState[]): Promise<void> {
    return this.capture(states).write();
  }

  /**
   * The changed states as they are now, written later by `write` (marked changed again if that
   * fails): the compaction takes them before the processors write theirs and writes them after, so
   * that no stored state says its fixes were processed while the processors' stored states lack them.
   */
  capture(states: readonly TrackerState[]): CapturedStates {
    const changed = states.filter((state) => state.dirty && this.ownership.holds(state.partition));
    const abandon = () => {
      for (const state of changed) state.dirty = true;
    };
    if (changed.length === 0) return { write: () => Promise.resolve(), abandon };
    for (const state of changed) state.dirty = false;
    const now = new Date();
    const ops = changed.map((state) => ({
      replaceOne: {
        filter: { _id: state.id },
        replacement: {
          trackerId: state.trackerId,
          newestTs: state.newestTs,
          processedTs: state.processedTs,
          unreplayed: state.unreplayed,
          trips: state.trips && { ...state.trips },
          checkpointTs: state.checkpointTs,
          updatedAt: now,
        },
        upsert: true,
      },
    }));
    const latest = changed.flatMap((state) => (state.latest ? [state.latest] : []));
    return {
      write: async () => {
        try {
          await Promise.all([this.records.collection.bulkWrite(ops as never[], { ordered: false }), this.latest.persist(latest)]);
        } catch (error) {
          abandon();
          throw error;
        }
      },
      abandon,
    };
  }

  /** Drops from memory the states untouched since `before` (ms) with nothing left to write; answers them. */
  forgetQuiet(before: number): TrackerState[] {
    const quiet: TrackerState[] = [];
    for (const [id, state] of this.states) {
      if (state.usedAt >= before || state.dirty || state.tail.length > 0 || state.compacting.length > 0) continue;
      this.states.delete(id);
      quiet.push(state);
    }
    return quiet;
  }

  /** Drops every state of these partitions (another instance takes them over). */
  forgetPartitions(partitions: ReadonlySet<number>): TrackerState[] {
    const gone: TrackerState[] = [];
    for (const [id, state] of this.states) {
      if (!partitions.has(state.partition)) continue;
      this.states.delete(id);
      gone.push(state);
    }
    return gone;
  }
}
