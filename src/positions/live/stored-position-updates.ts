import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import { POSITIONS_MOVED } from '../pipeline/positions-moved';
import type { LatestRecord } from '../store/latest-position.store';
import { PositionUpdates } from './position-updates';

/** This instance's ingestion feeds the live map at once (other instances' reach it through the `PositionFeed`). */
@Injectable()
export class StoredPositionUpdates {
  constructor(private readonly updates: PositionUpdates) {}

  @OnDomainEvent(POSITIONS_MOVED)
  moved(records: readonly LatestRecord[]): void {
    for (const record of records) this.updates.publish(record);
  }
}
