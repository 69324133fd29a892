import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { markedProviders } from '@app/bus';
import type { Types } from 'mongoose';
import type { TelemetryPoint } from '../telemetry/telemetry-point';

/** A tracker in service on an asset (its main tracker): what a processor keeps state for. */
export interface ProcessedTracker {
  clientId: Types.ObjectId;
  trackerId: Types.ObjectId;
  vendorId: number;
  assetId: Types.ObjectId;
}

/** A tracker's new fixes: after everything its processors have seen of it, in fix-time order. */
export interface NewFixes extends ProcessedTracker {
  fixes: readonly TelemetryPoint[];
}

/**
 * A stretch of a tracker to derive again after late fixes: from a processor's state at a
 * checkpoint (as its `snapshot` gave it) over every stored fix after the checkpoint up to the
 * newest the processors had seen, the late ones included.
 */
export interface Replay extends ProcessedTracker {
  snapshot: unknown;
  /** The checkpoint's time: `fixes` are those with `from < ts ≤ to`. */
  from: number;
  to: number;
  fixes: readonly TelemetryPoint[];
}

/**
 * Something that follows each tracker's fixes as they are stored, with a state per asset kept in
 * memory by the instance that owns the tracker (fleet events, meters): the ingestion pipeline
 * hands it each batch's new fixes in fix-time order, one batch of a tracker at a time, and late
 * fixes as a replay from the checkpoint before them (docs/telemetry.md, "Processors").
 */
export interface TrackerProcessor {
  /** Its key in the checkpoints. */
  readonly name: string;
  /** False: not run on this instance (a setting turned it off). */
  readonly active?: boolean;
  /** Brings these trackers' states into memory (one read for those not there). */
  prepare(trackers: readonly ProcessedTracker[]): Promise<void>;
  /** The state as it is now, to keep in a checkpoint: a copy, or a value never changed later. */
  snapshot(tracker: ProcessedTracker): unknown;
  /** Derives each stretch again from its snapshot: the state becomes the replayed one, and what the stretch caused is made to match. */
  replay(replays: readonly Replay[]): Promise<void>;
  /** Follows the new fixes and writes what they cause before it answers (the batch is acknowledged after). */
  advance(batch: readonly NewFixes[]): Promise<void>;
  /**
   * Writes the states changed since the last flush: `full` at each compaction (after it, the log
   * entries holding those fixes are removed) and at shutdown; otherwise every second, for what
   * must show within the second (meters).
   */
  flush(full: boolean): Promise<void>;
  /**
   * These assets' states leave memory: their tracker went quiet, or its partition was given up
   * (written before), or lost to another instance (`discard`: drop them unwritten, even changed —
   * the new owner takes the fixes up again from the log).
   */
  forget(assetIds: readonly string[], discard?: boolean): void;
}

/** Marks a provider as a tracker processor, found by `TrackerProcessors` (docs/telemetry.md, "Processors"). */
export const FollowsTrackers = DiscoveryService.createDecorator<void>();

/** The processors of this instance: the providers marked `@FollowsTrackers()` that are `active`, found at start. */
@Injectable()
export class TrackerProcessors implements OnModuleInit {
  private readonly processors = new Map<string, TrackerProcessor>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const processor of markedProviders<TrackerProcessor>(this.discovery, FollowsTrackers)) if (processor.active !== false) this.register(processor);
  }

  /** Adds a processor made at run time (a test's); answers how to take it out. */
  register(processor: TrackerProcessor): () => void {
    if (this.processors.has(processor.name)) throw new Error(`A tracker processor named ${processor.name} is registered already`);
    this.processors.set(processor.name, processor);
    return () => this.processors.delete(processor.name);
  }

  get all(): TrackerProcessor[] {
    return [...this.processors.values()];
  }
}
