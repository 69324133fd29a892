import type { Types } from 'mongoose';
import type { LatestRecord } from '../store/latest-position.store';
import type { PlausibilityState } from '../telemetry/fix-plausibility';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TripProgress } from '../telemetry/trip-detector';

/** A checkpoint in memory (the newest of a tracker): what a late fix of the last minutes replays from. */
export interface Checkpoint {
  ts: number;
  assetId: string;
  states: Record<string, unknown>;
}

/**
 * What the instance that owns a tracker keeps of it between batches (docs/telemetry.md,
 * "Ingestion at fleet scale"). Read when the tracker is first seen, written back at each compaction, dropped from
 * memory when it goes quiet.
 */
export interface TrackerState {
  readonly id: string;
  readonly trackerId: Types.ObjectId;
  readonly clientId: Types.ObjectId;
  readonly vendorId: number;
  /** The asset in service whose main tracker it is (null: none), as the routing last said. */
  assetId: Types.ObjectId | null;
  readonly partition: number;
  /** The newest message stored (null: none known: every message is checked against the store). */
  newestTs: number | null;
  /** The newest fix trips and processors have taken (behind `newestTs` only after a batch failed midway). */
  processedTs: number | null;
  /** The oldest late fix not yet replayed (a batch failed before its replay), else null. */
  unreplayed: number | null;
  latest: LatestRecord | null;
  /** Its last accepted fix and a jump not yet believed, for the answer's `implausible` count (in memory; from the latest position when first needed). */
  plausibility: PlausibilityState | null;
  trips: TripProgress | null;
  checkpoint: Checkpoint | null;
  /** The newest checkpoint's time, in memory or only stored. */
  checkpointTs: number | null;
  /** Points processed since the last compaction, in arrival order: in the log, not yet in the buckets. */
  tail: TelemetryPoint[];
  /** The points a running compaction is writing into the buckets. */
  compacting: TelemetryPoint[];
  /** Changed since it was last written. */
  dirty: boolean;
  /** When a batch last touched it (ms): quiet trackers leave memory. */
  usedAt: number;
}

/** The tracker's points not yet in the buckets (what its own reads add to them). */
export const uncompactedOf = (state: TrackerState): TelemetryPoint[] => (state.compacting.length === 0 ? state.tail : [...state.compacting, ...state.tail]);
