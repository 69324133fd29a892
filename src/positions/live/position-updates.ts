import { Injectable } from '@nestjs/common';
import { DomainEvents, Topic } from '@app/bus';
import type { LatestRecord } from '../store/latest-position.store';

/** A tracker's position newer than the last one this process passed on (the live map and its streams listen). */
export const POSITION_UPDATED = new Topic<LatestRecord>('positions.updated');

/**
 * The gate of position updates inside this process: ingestion here brings what it stored, the
 * stream's feed (change stream or polling) what other instances stored. A tracker's update goes
 * out on `POSITION_UPDATED` only when it is newer than the last one that went out, so an update
 * that arrives both ways goes out once.
 */
@Injectable()
export class PositionUpdates {
  private readonly lastTs = new Map<string, number>();

  constructor(private readonly bus: DomainEvents) {}

  publish(update: LatestRecord): void {
    if ((this.lastTs.get(update._id) ?? -Infinity) >= update.ts) return;
    this.lastTs.set(update._id, update.ts);
    this.bus.emit(POSITION_UPDATED, update);
  }

  /** Whether anybody in this process listens (the feed reads nothing for nobody). */
  get heard(): boolean {
    return this.bus.heard(POSITION_UPDATED);
  }
}
