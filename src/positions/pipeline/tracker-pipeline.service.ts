import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { TrackerRouting } from '@app/fleet';
import { packPoints } from '../store/hour-bucket';
import { KeyedQueue } from '../store/keyed-queue';
import { latestRecordAt, type LatestRecord } from '../store/latest-position.store';
import type { LogLatest } from '../store/telemetry-log.schema';
import { LogEntry, TelemetryLog } from '../store/telemetry-log';
import { TelemetryPointsReader } from '../store/telemetry-points.reader';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { TripRecorder } from '../trips/trip-recorder.service';
import { judgeFix } from '../telemetry/fix-plausibility';
import { newestPositioned, splitArrivals } from './fresh-points';
import { DomainEvents } from '@app/bus';
import { POSITIONS_MOVED } from './positions-moved';
import { CHECKPOINTS_SPAN_S, checkpointDue, NewCheckpoint, TrackerCheckpoints } from './tracker-checkpoints';
import { NewFixes, ProcessedTracker, Replay, TrackerProcessors } from './tracker-processor';
import { TrackerOwnership } from './tracker-ownership';
import { TrackerState, uncompactedOf } from './tracker-state';
import { TrackerRef, TrackerStates } from './tracker-states';

/** A tracker's points of one batch, as they came. */
export interface TrackerBatch {
  tracker: TrackerRef;
  points: readonly TelemetryPoint[];
}

export interface BatchCounts {
  /** Points stored for the first time. */
  accepted: number;
  /** Points the store held already, or repeated in the batch. */
  duplicates: number;
  /** Points stored for the first time (not in `accepted`) at a place no vehicle could have reached from the tracker's latest position. */
  implausible: number;
}

/** Where a batch comes from: a sender (new log entries), a `done` entry taken up again, or a `pending` entry another instance stored. */
type Source = { kind: 'new' } | { kind: 'resumed' | 'pending'; id: Types.ObjectId; p: number };

/** A log entry whose points the trackers hold in memory. */
export interface AbsorbedEntry {
  id: Types.ObjectId;
  p: number;
}

/** A tracker with this many new points in a batch has them written to its hour buckets at once, not to the log (an import, a device's backlog). */
export const DIRECT_WRITE_POINTS = 200;
/** A tracker's first checkpoint is dated this long before its first fix processed (late fixes up to then replay from it). */
const FIRST_CHECKPOINT_LEAD_S = 3600;
/** At most this many points in one log entry (a document holds at most 16 MB). */
const MAX_ENTRY_POINTS = 50_000;

/** What one tracker's batch brings, once known. */
interface Arrival {
  state: TrackerState;
  batch: TrackerBatch;
  /** New points, in time order. */
  added: TelemetryPoint[];
  /** Every point of the batch, one per timestamp, in time order: those newer than what trips and processors took go to them, new or not (the resend of a batch whose process died after storing it). */
  unique: TelemetryPoint[];
  /** Written to the buckets at once rather than to the log. */
  direct: boolean;
  /** The newest message stored before the batch (what decides which points are new). */
  newestBefore: number | null;
  moved: LatestRecord | null;
  /** Of `added`, how many the plausibility rule refused as the latest position. */
  implausible: number;
}

/** What trips and the processors take of a tracker in a batch. */
interface Work {
  state: TrackerState;
  /** The newest fix they had taken before (the state's `processedTs`). */
  seenBefore: number | null;
  /** The fixes after that one, in time order: the batch's, and those a failed batch stored but did not get through. */
  following: TelemetryPoint[];
  /** The oldest fix at or before `seenBefore` not yet replayed (null: none). */
  lateFrom: number | null;
  /** Every new point of the batch, for trips. */
  added: TelemetryPoint[];
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
  /** The log entries whose points are in memory (trackers' tails), with their partition, until a compaction writes and removes them. */
  private absorbed = new Map<string, AbsorbedEntry>();
  /** Batches under way per partition (a partition given up waits for its own). */
  private readonly inFlight = new Map<number, number>();

  constructor(
    private readonly states: TrackerStates,
    private readonly log: TelemetryLog,
    private readonly reader: TelemetryPointsReader,
    private readonly writer: TelemetryStoreWriter,
    private readonly trips: TripRecorder,
    private readonly checkpoints: TrackerCheckpoints,
    private readonly processors: TrackerProcessors,
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

  /** Hands the compaction the log entries absorbed so far (the trackers' tails are taken at the same moment). */
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
    const arrivals = await this.arrivals(batches, states);
    await this.store(arrivals, source);
    this.moveLatest(arrivals);
    const work = await this.workOf(arrivals);
    await this.followTrips(work);
    await this.runProcessors(work);
    // Only now: a batch that failed before this point leaves them to the next batch of the tracker (its resend).
    for (const { state } of work) {
      state.processedTs = state.newestTs;
      state.unreplayed = null;
      state.dirty = true;
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

  /** Each tracker's new points: newer than the newest processed, or older and held neither in memory nor in the buckets. */
  private async arrivals(batches: readonly TrackerBatch[], states: readonly TrackerState[]): Promise<Arrival[]> {
    const split = batches.map((batch, i) => splitArrivals(batch.points, states[i].newestTs));
    const unknown = new Map<string, number[]>();
    const older = split.map(({ older: points }, i) => {
      if (points.length === 0) return points;
      const held = new Set(uncompactedOf(states[i]).map((point) => point.ts));
      const unheld = points.filter((point) => !held.has(point.ts));
      if (unheld.length > 0)
        unknown.set(
          states[i].id,
          unheld.map((point) => point.ts),
        );
      return unheld;
    });
    const stored = await this.reader.storedTimestamps(unknown);
    return batches.map((batch, i) => {
      const state = states[i];
      const inBuckets = stored.get(state.id);
      const late = inBuckets ? older[i].filter((point) => !inBuckets.has(point.ts)) : older[i];
      const added = late.length === 0 ? split[i].fresh : [...late, ...split[i].fresh].sort((a, b) => a.ts - b.ts);
      const unique = mergeByTs(split[i].older, split[i].fresh);
      const refused = this.judgeNewFixes(state, unique);
      const implausible = refused.size === 0 ? 0 : added.filter((point) => refused.has(point.ts)).length;
      const newest = newestPositioned(unique);
      const moved =
        newest && !(state.latest && state.latest.ts >= newest.ts) ? latestRecordAt({ _id: state.trackerId, vendorId: state.vendorId }, newest) : null;
      return { state, batch, added, unique, direct: added.length >= DIRECT_WRITE_POINTS, newestBefore: state.newestTs, moved, implausible };
    });
  }

  /**
   * The fixes newer than the tracker's last accepted one, judged in time order (docs/events.md,
   * "Clocks, jumps, resets and jitter"): the timestamps of those no vehicle could have reached,
   * counted `implausible` (stored all the same; the processors judge them alike).
   */
  private judgeNewFixes(state: TrackerState, points: readonly TelemetryPoint[]): Set<number> {
    state.plausibility ??= { last: state.latest ? { ts: state.latest.ts, lat: state.latest.lat, lng: state.latest.lng } : null, doubt: null };
    const after = state.plausibility.last?.ts ?? -Infinity;
    const refused = new Set<number>();
    for (const point of points) {
      if (point.ts <= after || point.lat === null || point.lng === null) continue;
      if (judgeFix(state.plausibility, point as PositionedPoint) === 'implausible') refused.add(point.ts);
    }
    return refused;
  }

  /**
   * Stores the new points: the log (one entry per partition and batch) and, for trackers with many,
   * their buckets — then, in the same turn, the tails and the absorbed entries, so that a
   * compaction takes both or neither.
   */
  private async store(arrivals: readonly Arrival[], source: Source): Promise<void> {
    const logged = arrivals.filter((arrival) => arrival.added.length > 0 && !arrival.direct);
    const direct = arrivals.filter((arrival) => arrival.direct);
    // Every tracker whose latest position moves is in the log too (its points or not): how other instances learn of it.
    const inLog = arrivals.filter((arrival) => (arrival.added.length > 0 && !arrival.direct) || arrival.moved);
    const entries = source.kind === 'new' ? this.entriesOf(inLog) : [];
    const bucketWrite = direct.length > 0 ? this.writer.writeMany(direct.map(({ state, added }) => ({ trackerId: state.trackerId, points: added }))) : null;
    if (source.kind === 'pending') {
      const [entry] = this.entriesOf(inLog, Infinity);
      const counts = Object.fromEntries(arrivals.map((arrival) => [arrival.state.id, countsOf(arrival)]));
      await Promise.all([this.log.complete(source.id, entry?.parts ?? {}, entry?.latest ?? {}, counts, this.ownership.instanceId), bucketWrite]);
    } else await Promise.all([this.log.append(entries), bucketWrite]);
    for (const { id, p } of source.kind === 'new' ? entries.map((entry) => ({ id: entry._id, p: entry.p })) : [source])
      this.absorbed.set(id.toHexString(), { id, p });
    for (const { state, added } of logged) state.tail.push(...added);
    for (const { state, unique } of arrivals) {
      const newest = unique[unique.length - 1]?.ts;
      if (newest === undefined || (state.newestTs !== null && newest <= state.newestTs)) continue;
      state.newestTs = newest;
      state.dirty = true;
    }
  }

  /** One `done` entry per partition (more when over `maxPoints`). */
  private entriesOf(arrivals: readonly Arrival[], maxPoints = MAX_ENTRY_POINTS): LogEntry[] {
    const byPartition = new Map<number, Arrival[]>();
    for (const arrival of arrivals) {
      const group = byPartition.get(arrival.state.partition);
      if (group) group.push(arrival);
      else byPartition.set(arrival.state.partition, [arrival]);
    }
    const entries: LogEntry[] = [];
    const at = Date.now();
    for (const [p, group] of byPartition) {
      let entry: LogEntry | null = null;
      let points = 0;
      for (const { state, added, direct, moved } of group) {
        const part = direct ? [] : added;
        if (!entry || points + part.length > maxPoints) {
          entry = { _id: new Types.ObjectId(), p, state: 'done', by: this.ownership.instanceId, at, parts: {}, latest: {}, trackers: {}, counts: null };
          entries.push(entry);
          points = 0;
        }
        if (part.length > 0) entry.parts[state.id] = packPoints(part);
        if (moved) entry.latest[state.id] = logLatestOf(moved);
        points += part.length;
      }
    }
    return entries;
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

  /**
   * The processors over the trackers on an asset: first the late points' replays, then a
   * checkpoint where one is due (the state as of the newest fix before the batch), then the new
   * fixes that follow on.
   */
  private async runProcessors(work: readonly Work[]): Promise<void> {
    const processors = this.processors.all;
    const onAssets = work.filter(({ state }) => state.assetId !== null);
    if (processors.length === 0 || onAssets.length === 0) return;
    const trackers = onAssets.map(({ state }) => processedTracker(state));
    await Promise.all(processors.map((processor) => processor.prepare(trackers)));

    const replays = (await Promise.all(onAssets.map((item, i) => this.replayOf(item, trackers[i])))).filter((replay) => replay !== null);
    if (replays.length > 0) {
      await Promise.all(
        processors.map((processor) => processor.replay(replays.map(({ replay, states }) => ({ ...replay, snapshot: states[processor.name] })))),
      );
    }

    const due: NewCheckpoint[] = [];
    const batch: NewFixes[] = [];
    onAssets.forEach(({ state, following, seenBefore }, i) => {
      if (following.length === 0) return;
      const at = seenBefore ?? following[0].ts - 1;
      if (checkpointDue(state.checkpointTs, at)) {
        const states = Object.fromEntries(processors.map((processor) => [processor.name, processor.snapshot(trackers[i])]));
        // Before a tracker's first fix the states are those before any of its fixes: the checkpoint
        // is dated earlier, so a first batch overtaken by the next (two instances receiving them at
        // once) is replayed like any late one. The spacing still counts from the first fix.
        const ts = seenBefore === null ? following[0].ts - FIRST_CHECKPOINT_LEAD_S : at;
        due.push({ trackerId: state.trackerId, assetId: state.assetId!, ts, states });
        state.checkpoint = { ts, assetId: state.assetId!.toHexString(), states };
        state.checkpointTs = at;
      }
      batch.push({ ...trackers[i], fixes: following });
    });
    await this.checkpoints.add(due);
    if (batch.length > 0) await Promise.all(processors.map((processor) => processor.advance(batch)));
  }

  /**
   * The replay of a tracker whose batch holds fixes older than the newest processed: from the
   * newest checkpoint before the oldest of them (in memory, or read), over every stored fix since.
   * None when the checkpoint is gone (older than a day): the fixes are stored, the past stays.
   */
  private async replayOf(
    { state, seenBefore, lateFrom }: Work,
    tracker: ProcessedTracker,
  ): Promise<{ replay: Omit<Replay, 'snapshot'>; states: Record<string, unknown> } | null> {
    if (lateFrom === null || seenBefore === null) return null;
    const assetId = tracker.assetId.toHexString();
    const held = state.checkpoint;
    const checkpoint =
      held && held.ts < lateFrom && held.assetId === assetId
        ? held
        : await this.checkpoints
            .newestBefore(state.id, lateFrom, state.checkpointTs, seenBefore - CHECKPOINTS_SPAN_S)
            .then((found) => (found && found.assetId.toHexString() === assetId ? { ts: found.ts, assetId, states: found.states } : null));
    if (!checkpoint) return null;
    const fixes = await this.reader.points(state.id, checkpoint.ts + 0.000001, seenBefore, uncompactedOf(state));
    // The checkpoints after it held a past without the late fixes.
    if (state.checkpointTs !== null && state.checkpointTs > checkpoint.ts) await this.checkpoints.dropAfter(state.id, checkpoint.ts, state.checkpointTs);
    state.checkpoint = checkpoint;
    state.checkpointTs = checkpoint.ts;
    return { replay: { ...tracker, from: checkpoint.ts, to: seenBefore, fixes }, states: checkpoint.states };
  }
}

type PositionedPoint = TelemetryPoint & { lat: number; lng: number };

const countsOf = ({ batch, added, implausible }: Arrival): BatchCounts => ({
  accepted: added.length - implausible,
  duplicates: batch.points.length - added.length,
  implausible,
});

const processedTracker = (state: TrackerState): ProcessedTracker => ({
  clientId: state.clientId,
  trackerId: state.trackerId,
  vendorId: state.vendorId,
  assetId: state.assetId!,
});

/** Two runs in time order as one, one point per timestamp (the first run's copy). */
function mergeByTs(a: readonly TelemetryPoint[], b: readonly TelemetryPoint[]): TelemetryPoint[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const seen = new Set(a.map((point) => point.ts));
  return [...a, ...b.filter((point) => !seen.has(point.ts))].sort((x, y) => x.ts - y.ts);
}

const logLatestOf = (record: LatestRecord): LogLatest => ({
  vendorId: record.vendorId,
  ts: record.ts,
  lat: record.lat,
  lng: record.lng,
  speed: record.speed,
  dir: record.dir,
  alt: record.alt,
  ignition: record.ignition,
});
