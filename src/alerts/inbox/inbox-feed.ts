import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { Jobs } from '@app/jobs';
import { NotificationFeedEntry } from '../schemas/notification-feed.schema';
import type { NotificationView } from './notification.view';

/** Seconds the instances' clocks may differ by. */
const CLOCK_SKEW_S = 2;
/** How long the feed keeps an entry: far longer than any instance's poll delay. */
const FEED_KEEPS_MS = 10 * 60_000;

export interface InboxEntry {
  userId: string;
  view: NotificationView;
}
type Listener = (entry: InboxEntry) => void;

/**
 * New inbox entries for the open streams: this instance's at once (it wrote them), other
 * instances' through the feed collection, polled every POSITION_STREAM_POLL_MS while this
 * instance has a stream open (the same pattern as the fleet events on the position stream).
 */
@Injectable()
export class InboxFeed implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InboxFeed.name);
  private readonly listeners = new Set<Listener>();
  private readonly sent = new LRUCache<string, true>({ max: 50_000 });
  private lastSeconds = Math.floor(Date.now() / 1000);
  private timer?: NodeJS.Timeout;
  private readonly pollMs: number;
  private stopped = false;

  constructor(
    @InjectModel(NotificationFeedEntry.name) private readonly feed: Model<NotificationFeedEntry>,
    private readonly jobs: Jobs,
    config: AppConfig,
  ) {
    this.pollMs = config.get('POSITION_STREAM_POLL_MS');
  }

  onModuleInit(): void {
    this.jobs.every('alerts.inbox-feed-prune', 60_000, async () => void (await this.feed.collection.deleteMany({ _id: { $lt: Types.ObjectId.createFromTime((Date.now() - FEED_KEEPS_MS) / 1000) } } as never)));
  }

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => void this.poll(), this.pollMs).unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells this instance's streams at once, and the others' through the feed. */
  async publish(entries: readonly InboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) this.send(entry);
    const documents = entries.map((entry) => ({ _id: new Types.ObjectId(), notificationId: new Types.ObjectId(entry.view.id), userId: new Types.ObjectId(entry.userId), view: entry.view }));
    await this.feed.collection.insertMany(documents as never[], { ordered: false });
  }

  private send(entry: InboxEntry): void {
    if (this.sent.has(entry.view.id)) return;
    this.sent.set(entry.view.id, true);
    for (const listener of this.listeners) listener(entry);
  }

  private async poll(): Promise<void> {
    try {
      if (this.listeners.size > 0) {
        const from = Types.ObjectId.createFromTime(this.lastSeconds - CLOCK_SKEW_S);
        const entries = await this.feed.collection.find<NotificationFeedEntry>({ _id: { $gte: from } } as never).sort({ _id: 1 }).limit(10_000).toArray();
        for (const entry of entries) this.send({ userId: entry.userId.toHexString(), view: entry.view as NotificationView });
        if (entries.length > 0) this.lastSeconds = Math.max(this.lastSeconds, entries.at(-1)!._id.getTimestamp().getTime() / 1000);
      } else {
        this.lastSeconds = Math.floor(Date.now() / 1000);
      }
    } catch (error) {
      this.logger.warn(`reading other instances' inbox entries failed: ${(error as Error).message}`);
    } finally {
      if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.pollMs).unref();
    }
  }
}
