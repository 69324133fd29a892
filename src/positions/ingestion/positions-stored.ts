import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { LatestRecord } from '../store/latest-position.store';
import type { TelemetryPoint } from '../telemetry/telemetry-point';

/** What one batch stored for one tracker. */
export interface StoredFixes {
  clientId: Types.ObjectId;
  trackerId: Types.ObjectId;
  vendorId: number;
  /** The asset in service whose main tracker this is, or null when none is. */
  assetId: Types.ObjectId | null;
  /**
   * The batch's messages of this tracker in fix-time order, one per timestamp — also those the
   * store already held (a resend after a crash reaches subscribers again; they are idempotent).
   */
  fixes: readonly TelemetryPoint[];
  /** How many of `fixes` the store did not hold before. */
  added: number;
  /** The tracker's newest positioned timestamp before the batch (null: none): an older fix inserts into the past. */
  latestTsBefore: number | null;
  /** The tracker's latest position after the batch, when the batch moved it forward. */
  latest: LatestRecord | null;
}

export type PositionsStoredListener = (stored: readonly StoredFixes[]) => Promise<void> | void;

/**
 * The seam out of ingestion: after a batch is written (points, trips, latest positions), every
 * subscriber hears what it stored, once, on the instance that stored it, before the batch is
 * acknowledged — whichever path brought it (the flespi stream, `import-messages`, the demo
 * simulator). Subscribers run together and are awaited; one that fails fails the batch (the
 * sender resends it, which stores nothing twice and reaches every subscriber again). Subscribe
 * from a provider's `onModuleInit`.
 */
@Injectable()
export class PositionsStored {
  private readonly listeners = new Set<PositionsStoredListener>();

  subscribe(listener: PositionsStoredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(stored: readonly StoredFixes[]): Promise<void> {
    if (stored.length === 0 || this.listeners.size === 0) return;
    await Promise.all([...this.listeners].map((listener) => listener(stored)));
  }
}
