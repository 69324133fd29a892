import { Injectable } from '@nestjs/common';
import { byClient, groupBy } from '@app/database';
import { FollowsTrackers, NewFixes, TrackerProcessor } from '../../positions';
import { type LocationMove, locationMoves } from './location-moves';
import { LocationMovesWriter } from './location-moves-writer';
import { LocationTasks } from './location-tasks';

/**
 * Tasks at a location arrive and depart by the vehicle's fixes (docs/dispatch.md, "Arrival by
 * itself"): the first fix within `radiusM` inside the window's margins is the arrival, the first
 * fix outside after it the departure. Fixes without a position count for neither. A client
 * without such a task costs one lookup a batch, an asset without one a map lookup; a batch's moves are written together
 * (`LocationMovesWriter`).
 * Late fixes are not replayed: an arrival stays as the fixes in order made it.
 */
@Injectable()
@FollowsTrackers()
export class LocationArrivalProcessor implements TrackerProcessor {
  readonly name = 'task-locations';

  constructor(
    private readonly watched: LocationTasks,
    private readonly writer: LocationMovesWriter,
  ) {}

  async prepare(): Promise<void> {}

  snapshot(): unknown {
    return null;
  }

  async replay(): Promise<void> {}

  // The batch's moves, then their writes together: a few database calls however many tasks move.
  async advance(batch: readonly NewFixes[]): Promise<void> {
    const moves: LocationMove[] = [];
    // The index is asked once a client (a batch is often one client's), not once a vehicle.
    for (const ofClient of byClient(batch)) {
      const watched = await this.watched.of(ofClient[0].clientId);
      if (watched.isEmpty) continue;
      for (const [assetId, ofAsset] of groupBy(ofClient, (fixes) => fixes.assetId.toHexString())) {
        const tasks = watched.ofAsset(assetId);
        if (tasks?.length) moves.push(...locationMoves(tasks, ofAsset));
      }
    }
    // The writes change the index: the next batch reads the tasks as written.
    if (moves.length > 0) await this.writer.write(moves);
  }

  async flush(): Promise<void> {}

  forget(): void {}
}
