import { Injectable } from '@nestjs/common';
import { latestRecordAt, type LatestRecord } from '../store/latest-position.store';
import { TelemetryPointsReader } from '../store/telemetry-points.reader';
import { judgeFix } from '../telemetry/fix-plausibility';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { mergeByTs, newestPositioned, splitArrivals } from './fresh-points';
import { TrackerState, uncompactedOf } from './tracker-state';
import type { TrackerRef } from './tracker-states';

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

/** A tracker with this many new points in a batch has them written to its hour buckets at once, not to the log (an import, a device's backlog). */
export const DIRECT_WRITE_POINTS = 200;

/** What one tracker's batch brings, once known. */
export interface Arrival {
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

type PositionedPoint = TelemetryPoint & { lat: number; lng: number };

export const countsOf = ({ batch, added, implausible }: Arrival): BatchCounts => ({
  accepted: added.length - implausible,
  duplicates: batch.points.length - added.length,
  implausible,
});

/** What each tracker of a batch brings: its new points (newer than the newest stored, or older ones the store lacks), whether its latest position moves, and what the plausibility rule refuses. */
@Injectable()
export class BatchArrivals {
  constructor(private readonly reader: TelemetryPointsReader) {}

  /** Each tracker's new points: newer than the newest processed, or older and held neither in memory nor in the buckets. */
  async of(batches: readonly TrackerBatch[], states: readonly TrackerState[]): Promise<Arrival[]> {
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
}
