import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { FEED_PRUNE_EVERY_MS, InstanceFeed } from '@app/database';
import { RecurringJob } from '@app/jobs';
import { LIVE_STREAM_EVENT } from '../positions';
import { toFleetEventView } from './fleet-event.view';
import type { StoredFleetEvent } from './fleet-event.types';
import { DomainEvents, OnDomainEvent } from '@app/bus';
import { FLEET_EVENTS_RECORDED } from './fleet-events-recorded';
import { FleetEventFeedEntry } from './schemas/fleet-event-feed.schema';

/**
 * Every event on the live position stream as `event: fleet-event`, for the streams that see its
 * asset: this instance's at once (it records them), other instances' through the feed collection,
 * polled every POSITION_STREAM_POLL_MS (the delay of the live positions across instances) while
 * this instance has a stream open.
 */
@Injectable()
export class LiveFleetEvents implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly feed: InstanceFeed<FleetEventFeedEntry>;
  private readonly polling: boolean;

  constructor(
    private readonly bus: DomainEvents,
    @InjectModel(FleetEventFeedEntry.name) model: Model<FleetEventFeedEntry>,
    config: AppConfig,
  ) {
    this.feed = new InstanceFeed(model.collection, {
      what: 'events',
      pollMs: config.get('POSITION_STREAM_POLL_MS'),
      listening: () => bus.heard(LIVE_STREAM_EVENT),
      read: (entry) => this.send(entry),
    });
    this.polling = config.runsBackgroundWork;
  }

  @RecurringJob('events.feed-prune', { everyMs: FEED_PRUNE_EVERY_MS })
  async onSchedule(): Promise<void> {
    await this.feed.prune();
  }

  onApplicationBootstrap(): void {
    if (this.polling) this.feed.start();
  }

  onModuleDestroy(): void {
    this.feed.stop();
  }

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async publish(events: readonly StoredFleetEvent[]): Promise<void> {
    const entries = events.map((event) => ({ _id: new Types.ObjectId(), eventId: event._id, assetId: event.assetId, view: toFleetEventView(event) }));
    for (const entry of entries) this.send(entry);
    await this.feed.write(entries);
  }

  private send(entry: Omit<FleetEventFeedEntry, '_id'>): void {
    if (this.feed.once(entry.eventId.toHexString()))
      this.bus.emit(LIVE_STREAM_EVENT, { assetId: entry.assetId.toHexString(), event: 'fleet-event', data: entry.view });
  }
}
