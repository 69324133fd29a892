import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';

/** An asset's meters after a change. */
export interface MeterChange {
  clientId: Types.ObjectId;
  assetId: Types.ObjectId;
  odometerKm: number;
  engineHours: number;
}

export type MetersChangedListener = (changes: readonly MeterChange[]) => Promise<void> | void;

/**
 * Told when an asset's meters changed in a way someone asked to hear: a reading (always), or
 * telemetry that reached the asset's `watch` (the service plans' next threshold). Heard on the
 * instance that made the change, awaited before the batch or request is answered.
 */
@Injectable()
export class MetersChanged {
  private readonly listeners = new Set<MetersChangedListener>();

  subscribe(listener: MetersChangedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(changes: readonly MeterChange[]): Promise<void> {
    if (changes.length === 0 || this.listeners.size === 0) return;
    await Promise.all([...this.listeners].map(async (listener) => listener(changes)));
  }
}
