import { Injectable } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectUnscopedModel } from '@app/database';
import type { StoredFleetEvent } from './fleet-event.types';
import { FleetEvent } from './schemas/fleet-event.schema';

/**
 * Every client's stored events of some types, for a boot's backfill of what another domain keeps
 * of them (the driving months' harsh events), never for a request: one read, on the embedded
 * server one scan of the collection.
 */
@Injectable()
export class EventsOfTypes {
  // Every client's events: the backfills' one unscoped read of them.
  constructor(@InjectUnscopedModel(FleetEvent) private readonly allClientsEvents: Model<FleetEvent>) {}

  /** Hands `each` the events of these types, `batch` at a time. */
  async each(types: readonly string[], batch: number, each: (events: StoredFleetEvent[]) => Promise<void>): Promise<void> {
    await this.allClientsEvents
      .find({ type: { $in: [...types] } })
      .lean<StoredFleetEvent>()
      .cursor({ batchSize: batch })
      .eachAsync(each, { batchSize: batch });
  }
}
