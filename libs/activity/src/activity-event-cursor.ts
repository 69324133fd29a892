import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Cursor, FilterQuery, Model } from 'mongoose';
import type { TenantScope } from '@app/database';
import { ActivityEvent } from './activity-event.schema';

export type StoredActivityEvent = ActivityEvent & { _id: import('mongoose').Types.ObjectId };

/**
 * A client's events one by one, for exports of up to 100 000 events that must not sit in memory:
 * a mongoose cursor over lean documents. The client is added here, as the tenant repository
 * does (it has no cursor); the filter must not name it.
 */
@Injectable()
export class ActivityEventCursor {
  constructor(@InjectModel(ActivityEvent.name) private readonly events: Model<ActivityEvent>) {}

  open(scope: TenantScope, filter: Omit<FilterQuery<ActivityEvent>, 'clientId'>, { limit }: { limit: number }): Cursor<StoredActivityEvent, never> {
    if ('clientId' in filter) throw new Error('An activity query must not name clientId: the cursor adds it');
    return this.events
      .find({ ...filter, clientId: scope.clientId })
      .sort({ occurredAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredActivityEvent[]>()
      .cursor({ batchSize: 1000 }) as unknown as Cursor<StoredActivityEvent, never>;
  }
}
