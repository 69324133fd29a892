import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { InjectUnscopedModel } from '@app/database';
import type { StoredFleetEvent } from './fleet-event.types';
import { FleetEvent } from './schemas/fleet-event.schema';

/**
 * Every client's stored events of some types, a page at a time in `_id` order: for a boot's
 * backfill of what another domain keeps of them (the driving months' harsh events), never for a
 * request. On the embedded server each page scans the collection.
 */
@Injectable()
export class EventsOfTypes {
  // Every client's events: the backfills' one unscoped read of them.
  constructor(@InjectUnscopedModel(FleetEvent) private readonly allClientsEvents: Model<FleetEvent>) {}

  /** Up to `limit` events of these types after `after` (by `_id`), oldest id first. */
  page(types: readonly string[], after: Types.ObjectId | null, limit: number): Promise<StoredFleetEvent[]> {
    return this.allClientsEvents
      .find({ type: { $in: [...types] }, ...(after && { _id: { $gt: after } }) })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<StoredFleetEvent[]>()
      .exec();
  }
}
