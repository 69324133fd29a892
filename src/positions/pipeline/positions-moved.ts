import { Injectable } from '@nestjs/common';
import type { LatestRecord } from '../store/latest-position.store';

export type PositionsMovedListener = (records: readonly LatestRecord[]) => void;

/**
 * The latest positions a batch moved forward, told on the instance that processed it as soon as
 * it is stored (the live map: `StoredPositionUpdates`); other instances learn of them through the
 * log (`PositionFeed`).
 */
@Injectable()
export class PositionsMoved {
  private readonly listeners = new Set<PositionsMovedListener>();

  subscribe(listener: PositionsMovedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(records: readonly LatestRecord[]): void {
    if (records.length === 0) return;
    for (const listener of this.listeners) listener(records);
  }
}
