import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { RecurringJob } from '@app/jobs';
import { LIVE_STREAM_EVENT } from '../positions';
import { toFleetEventView } from './fleet-event.view';
import type { StoredFleetEvent } from './fleet-event.types';
import { DomainEvents, OnDomainEvent } from '@app/bus';
import { FLEET_EVENTS_RECORDED } from './fleet-events-recorded';
import { FleetEventFeedEntry } from './schemas/fleet-event-feed.schema';

/** Seconds the instances' clocks may differ by. */
const CLOCK_SKEW_S = 2;
/** How long the feed keeps an entry: far longer than any instance's poll delay. */
const FEED_KEEPS_MS = 10 * 60_000;
/** How often the entries past that go (a recurring job, once across instances). */
const FEED_PRUNE_EVERY_MS = 60_000;

/**
 * Every event on the live position stream as `event: fleet-event`, for the streams that see its
 * asset: this instance's at once (it records them), other instances' through the feed collection,
 * polled every POSITION_STREAM_POLL_MS (the delay of the live positions across instances).
 */
@Injectable()
export class LiveFleetEvents implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LiveFleetEvents.name);
  private readonly sent = new LRUCache<string, true>({ max: 50_000 });
  private timer?: NodeJS.Timeout;
  /** The newest feed time read (s); each poll reads from a few seconds before it: instances' clocks differ a little, `sent` drops repeats. */
  private lastSeconds = Math.floor(Date.now() / 1000);
  private readonly pollMs: number;
  private readonly polling: boolean;

  constructor(
    private readonly bus: DomainEvents,
    @InjectModel(FleetEventFeedEntry.name) private readonly feed: Model<FleetEventFeedEntry>,
    config: AppConfig,
  ) {
    this.pollMs = config.get('POSITION_STREAM_POLL_MS');
    this.polling = config.runsBackgroundWork;
  }

  @RecurringJob('events.feed-prune', { everyMs: FEED_PRUNE_EVERY_MS })
  async onSchedule(): Promise<void> {
    await this.feed.collection.deleteMany({ _id: { $lt: Types.ObjectId.createFromTime((Date.now() - FEED_KEEPS_MS) / 1000) } });
  }

  onApplicationBootstrap(): void {
    if (this.polling) this.timer = setTimeout(() => void this.poll(), this.pollMs).unref();
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
  }

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async publish(events: readonly StoredFleetEvent[]): Promise<void> {
    const entries = events.map((event) => ({ _id: new Types.ObjectId(), eventId: event._id, assetId: event.assetId, view: toFleetEventView(event) }));
    for (const entry of entries) this.send(entry);
    await this.feed.collection.insertMany(entries, { ordered: false });
  }

  private send(entry: { eventId: Types.ObjectId; assetId: Types.ObjectId; view: unknown }): void {
    const id = entry.eventId.toHexString();
    if (this.sent.has(id)) return;
    this.sent.set(id, true);
    this.bus.emit(LIVE_STREAM_EVENT, { assetId: entry.assetId.toHexString(), event: 'fleet-event', data: entry.view });
  }

  private async poll(): Promise<void> {
    try {
      const from = Types.ObjectId.createFromTime(this.lastSeconds - CLOCK_SKEW_S);
      const entries = await this.feed.collection
        .find<FleetEventFeedEntry>({ _id: { $gte: from } } as never)
        .sort({ _id: 1 })
        .limit(10_000)
        .toArray();
      for (const entry of entries) this.send(entry);
      if (entries.length > 0) this.lastSeconds = Math.max(this.lastSeconds, entries.at(-1)!._id.getTimestamp().getTime() / 1000);
    } catch (error) {
      this.logger.warn(`reading other instances' events failed: ${(error as Error).message}`);
    } finally {
      if (this.polling) this.timer = setTimeout(() => void this.poll(), this.pollMs).unref();
    }
  }
}
