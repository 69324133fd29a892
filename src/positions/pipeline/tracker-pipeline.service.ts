import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { DomainEvents } from '@app/bus';
import { TrackerRouting } from '@app/fleet';
import { KeyedQueue } from '../store/keyed-queue';
import type { LatestRecord } from '../store/latest-position.store';
import { LogEntry, TelemetryLog } from '../store/telemetry-log';
import { TelemetryPointsReader } from '../store/telemetry-points.reader';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import { TripRecorder } from '../trips/trip-recorder.service';
import { Arrival, BatchArrivals, BatchCounts, countsOf, TrackerBatch } from './batch-arrivals';
import { mergeByTs } from './fresh-points';
import { logEntriesOf } from './log-entries';
import { POSITIONS_MOVED } from './positions-moved';
import { ProcessorRuns, Work } from './processor-runs';
import { TrackerProcessors } from './tracker-processor';
import { TrackerOwnership } from './tracker-ownership';
import { TrackerState, uncompactedOf } from './tracker-state';
import { TrackerStates } from './tracker-states';

/** Where a batch comes from: a sender (new log entries), a `done` entry taken up again, or a `pending` entry another instance stored. */
type Source = { kind: 'new' } | { kind: 'resumed' | 'pending'; id: Types.ObjectId; p: number };

/** A log entry whose points the trackers hold in memory. */
export interface AbsorbedEntry {
  id: Types.ObjectId;
  p: number;
}

/**
 * The per-tracker path of ingestion (docs/telemetry.md, "Ingestion at fleet scale"), run by the
 * instance that owns the trackers: each tracker's state is in memory, so a batch of 500 trackers
 * costs a handful of writes, not a dozen reads and writes per tracker. For a batch:
 * 1. the new points (those newer than the newest processed, and older ones the store lacks);
 * 2. one insert into the log per partition (what makes them visible to every reader at once),
 *    or, for a tracker with many points, a write of its hour buckets;
 * 3. in memory: the latest position (told to the live map at once), trips (written when one
 *    closes), and every registered processor (fleet events, meters) over the new fixes in
 *    fix-time order — late fixes replayed from the checkpoint before them.
 * Batches of a tracker run one at a time; the compaction (`TelemetryCompaction`) later writes the
 * log's points into the buckets and the states back, and removes the entries.
 */
@Injectable()
export class TrackerPipeline {
  private readonly queues = new KeyedQueue();
  /**
   * The log entries of batches that went through every processor (or failed), with their
   * partition, until a compaction writes their points and the states and removes them. Not
   * before: a compaction during a batch would remove its entry while the processors' states it
   * writes may hold part of the batch (meters counted, events not yet stored). Taken up after a
   * crash, such a stretch was followed as new by processors already past it — a late batch's
   * correction lost, its events found again under new ids.
   */
  private absorbed = new Map<string, AbsorbedEntry>();
  /** Batches under way per partition (a partition given up waits for its own). */
  private readonly inFlight = new Map<number, number>();

  constructor(
    private readonly states: TrackerStates,
    private readonly log: TelemetryLog,
    private readonly reader: TelemetryPointsReader,
    private readonly writer: TelemetryStoreWriter,
    private readonly trips: TripRecorder,
    private readonly processors: TrackerProcessors,
    private readonly batchArrivals: BatchArrivals,
    private readonly processorRuns: ProcessorRuns,
    private readonly routing: TrackerRouting,
    private readonly bus: DomainEvents,
    private readonly ownership: TrackerOwnership,
  ) {}

  /** The batch's trackers' points (of partitions this instance processes), processed: counts in the order given. */
  ingest(batches: readonly TrackerBatch[]): Promise<BatchCounts[]> {
    return this.run(batches, { kind: 'new' });
  }

  /** A `done` log entry no compaction removed (an instance died), taken up again: its points as if they came now; the entry goes with the next compaction. */
  resume(entry: LogEntry, batches: readonly TrackerBatch[]): Promise<BatchCounts[]> {
    return this.run(batches, { kind: 'resumed', id: entry._id, p: entry.p });
  }

  /** A `pending` log entry another instance stored for this one: processed, and completed with its new points and counts. */
  takeOver(entry: LogEntry, batches: readonly TrackerBatch[]): Promise<BatchCounts[]> {
    return this.run(batches, { kind: 'pending', id: entry._id, p: entry.p });
  }

  /** Resolves once no batch of the partition is under way (it is being given up). */
  async drain(partition: number): Promise<void> {
    while ((this.inFlight.get(partition) ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /**
   * Drops a partition's trackers from memory (with the processors' states of their assets):
   * given up after a compaction wrote them, or lost (`discard`: what is in memory is another
   * instance's to redo from the log, never written from here).
   */
  forgetPartition(partition: number, discard: boolean): void {
    const gone = this.states.forgetPartitions(new Set([partition]));
    const assets = gone.flatMap((state) => (state.assetId ? [state.assetId.toHexString()] : []));
    for (const processor of this.processors.all) processor.forget(assets, discard);
    // Lost: its entries stay in the log for the partition's new owner to take up.
    if (discard) for (const [key, entry] of this.absorbed) if (entry.p === partition) this.absorbed.delete(key);
  }

  private async run(batches: readonly TrackerBatch[], source: Source): Promise<BatchCounts[]> {
    const partitions = [...new Set(batches.map((batch) => this.ownership.partitionOf(batch.tracker._id.toHexString())))];
    for (const partition of partitions) this.inFlight.set(partition, (this.inFlight.get(partition) ?? 0) + 1);
    try {
      return await this.queues.runAll(
        batches.map((batch) => batch.tracker._id.toHexString()),
        () => this.process(batches, source),
      );
    } finally {
      for (const partition of partitions) this.inFlight.set(partition, this.inFlight.get(partition)! - 1);
    }
  }

  /** Hands the compaction the log entries absorbed so far (their tails were pushed before them: a compaction may take a tail without its entry, never the reverse). */
  takeAbsorbed(): AbsorbedEntry[] {
    const taken = [...this.absorbed.values()];
    this.absorbed = new Map();
    return taken;
  }

  /** Points held in memory, not yet compacted (a command compacts past a bound). */
  uncompactedPoints(): number {
    let points = 0;
    for (const state of this.states.values()) points += state.tail.length;
    return points;
  }

  /** Gives back what a failed compaction took. */
  giveBack(entries: readonly AbsorbedEntry[]): void {
    for (const entry of entries) this.absorbed.set(entry.id.toHexString(), entry);
  }

  private async process(batches: readonly TrackerBatch[], source: Source): Promise<BatchCounts[]> {
    const states = await this.states.obtain(batches.map((batch) => batch.tracker));
    await this.refreshAssets(states);
    const arrivals = await this.batchArrivals.of(batches, states);
    const entries = await this.store(arrivals, source);
    try {
      this.moveLatest(arrivals);
      const work = await this.workOf(arrivals);
      await this.followTrips(work);
      await this.processorRuns.run(work);
      // Only now: a batch that failed before this point leaves them to the next batch of the tracker (its resend).
      for (const { state } of work) {
        state.processedTs = state.newestTs;
        state.unreplayed = null;
        state.dirty = true;
      }
    } finally {
      // In the turn the states move (or the batch failed: its points are read back by the next one).
      for (const entry of entries) this.absorbed.set(entry.id.toHexString(), entry);
    }
    return arrivals.map(countsOf);
  }

  /**
   * What trips and processors take of each tracker: the new fixes after the newest they took, and
   * the oldest late one to replay from — together with what an earlier batch that failed after
   * storing its points left them (read back: stored, never taken).
   */
  private async workOf(arrivals: readonly Arrival[]): Promise<Work[]> {
    const work = await Promise.all(
      arrivals.map(async ({ state, added, unique, newestBefore }): Promise<Work | null> => {
        const seenBefore = state.processedTs;
        const lates = seenBefore === null ? [] : added.filter((point) => point.ts <= seenBefore);
        if (lates.length > 0) state.unreplayed = Math.min(state.unreplayed ?? Infinity, lates[0].ts);
        let following = seenBefore === null ? unique : unique.filter((point) => point.ts > seenBefore);
        if (seenBefore !== null && newestBefore !== null && newestBefore > seenBefore) {
          const leftOver = await this.reader.points(state.id, seenBefore + 0.000001, newestBefore, uncompactedOf(state));
          following = mergeByTs(leftOver, following);
        }
        if (following.length === 0 && state.unreplayed === null) return null;
        return { state, seenBefore, following, lateFrom: state.unreplayed, added: mergeByTs(lates, following) };
      }),
    );
    return work.filter((item) => item !== null);
  }

  /** The asset each tracker is on now (routing keeps it READ_CACHE_TTL_SECONDS). */
  private async refreshAssets(states: readonly TrackerState[]): Promise<void> {
    const assets = await this.routing.assetsOfTrackers(states.map((state) => state.trackerId));
    for (const state of states) state.assetId = assets.get(state.id) ?? null;
  }

  /**
   * Stores the new points: the log (one entry per partition and batch) and, for trackers with many,
   * their buckets — then the tails; answers the batch's log entries (absorbed once its processors
   * are through).
   */
  private async store(arrivals: readonly Arrival[], source: Source): Promise<AbsorbedEntry[]> {
    const logged = arrivals.filter((arrival) => arrival.added.length > 0 && !arrival.direct);
    const direct = arrivals.filter((arrival) => arrival.direct);
    // Every tracker whose latest position moves is in the log too (its points or not): how other instances learn of it.
    const inLog = arrivals.filter((arrival) => (arrival.added.length > 0 && !arrival.direct) || arrival.moved);
    const entries = source.kind === 'new' ? logEntriesOf(inLog, this.ownership.instanceId) : [];
    const bucketWrite = direct.length > 0 ? this.writer.writeMany(direct.map(({ state, added }) => ({ trackerId: state.trackerId, points: added }))) : null;
    if (source.kind === 'pending') {
      const [entry] = logEntriesOf(inLog, this.ownership.instanceId, Infinity);
      const counts = Object.fromEntries(arrivals.map((arrival) => [arrival.state.id, countsOf(arrival)]));
      await Promise.all([this.log.complete(source.id, entry?.parts ?? {}, entry?.latest ?? {}, counts, this.ownership.instanceId), bucketWrite]);
    } else await Promise.all([this.log.append(entries), bucketWrite]);
    for (const { state, added } of logged) state.tail.push(...added);
    for (const { state, unique } of arrivals) {
      const newest = unique[unique.length - 1]?.ts;
      if (newest === undefined || (state.newestTs !== null && newest <= state.newestTs)) continue;
      state.newestTs = newest;
      state.dirty = true;
    }
    return source.kind === 'new' ? entries.map((entry) => ({ id: entry._id, p: entry.p })) : [{ id: source.id, p: source.p }];
  }

  private moveLatest(arrivals: readonly Arrival[]): void {
    const moved: LatestRecord[] = [];
    for (const arrival of arrivals) {
      if (!arrival.moved) continue;
      arrival.state.latest = arrival.moved;
      // Written at the next compaction even when nothing else of the state changed (a resend of
      // points stored by a process killed before it wrote their latest position).
      arrival.state.dirty = true;
      moved.push(arrival.moved);
    }
    if (moved.length > 0) this.bus.emit(POSITIONS_MOVED, moved);
  }

  /** Trips of each tracker: followed on from the progress, or detected again where late points change them. */
  private async followTrips(work: readonly Work[]): Promise<void> {
    await Promise.all(
      work.map(async ({ state, added, seenBefore }) => {
        if (added.length === 0) return;
        const window = {
          points: added,
          latest: Math.max(seenBefore ?? -Infinity, state.trips?.seenTo ?? -Infinity),
          openTripBegin: state.trips?.openBegin ?? null,
        };
        state.trips = await this.trips.update(state.trackerId, window, state.trips, uncompactedOf(state));
      }),
    );
  }
}
