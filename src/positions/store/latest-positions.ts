import { Injectable } from '@nestjs/common';
import { KnownPosition, LatestPositionStore } from './latest-position.store';

/** Where trackers were last seen, for other domains: read-only (the demo simulator carries on from there after a restart). */
@Injectable()
export class LatestPositions {
  constructor(private readonly store: LatestPositionStore) {}

  /** By tracker id (hex); a tracker never seen is absent. */
  of(trackerIds: readonly string[]): Promise<Map<string, KnownPosition>> {
    return this.store.findPositions(trackerIds);
  }
}
