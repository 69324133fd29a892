import { Injectable } from '@nestjs/common';
import type { LatestRecord } from '../store/latest-position.store';

export type PositionListener = (update: LatestRecord) => void;

/**
 * Position updates inside this process: ingestion here publishes what it stored, the stream's
 * feed (change stream or polling) publishes what other instances stored. A tracker's update is
 * passed on only when it is newer than the last one passed on, so an update that arrives both
 * ways goes out once.
 */
@Injectable()
export class PositionUpdates {
  private readonly listeners = new Set<PositionListener>();
  private readonly lastTs = new Map<string, number>();

  publish(update: LatestRecord): void {
    if ((this.lastTs.get(update._id) ?? -Infinity) >= update.ts) return;
    this.lastTs.set(update._id, update.ts);
    for (const listener of this.listeners) listener(update);
  }

  subscribe(listener: PositionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
