import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { DomainEvents, Topic } from '@app/bus';
import { AppConfig } from '@app/config';
import { RecurringJob } from '@app/jobs';
import { NotificationFeedEntry, NotificationFeedWrite } from '../schemas/notification-feed.schema';
import type { NotificationTexts } from '../schemas/notification.schema';
import type { NotificationView } from './notification.view';

/** Seconds the instances' clocks may differ by. */
const CLOCK_SKEW_S = 2;
/** How long the feed keeps an entry: far longer than any instance's poll delay. */
const FEED_KEEPS_MS = 10 * 60_000;
/** How often the entries past that go (a recurring job, once across instances). */
const FEED_PRUNE_EVERY_MS = 60_000;
/**
 * Entries per feed document, at most (a group's view is under 1 KiB and a recipient ~40 bytes; a
 * rule has at most 1 000 recipients, so a group always fits: far below the 16 MiB a document may hold).
 */
const ENTRIES_PER_WRITE = 5000;
/**
 * Feed documents one poll reads at most. Each poll reads again from a little before the last one
 * it saw (clock skew), so this must exceed the writes of a few seconds, or the poll would stall.
 */
const WRITES_PER_POLL = 10_000;

export interface InboxEntry {
  userId: string;
  /** In the default language; `texts` has the title and body in the recipient's. */
  view: NotificationView;
  texts?: NotificationTexts;
}

/** The entries of one alert (or notice): the view they share but for its id, its texts in every language, and each recipient's user and entry id. */
export interface InboxGroup {
  view: Omit<NotificationView, 'id'>;
  texts?: NotificationTexts;
  to: Array<{ userId: string; id: string }>;
}

/** A new inbox entry for one recipient, in this process (emitted: the open inbox streams pass it on). */
export const INBOX_ENTRY = new Topic<InboxEntry>('alerts.inbox-entry');

/**
 * New inbox entries for the open streams, on `INBOX_ENTRY`: this instance's at once (it wrote
 * them), other instances' through the feed collection, polled every POSITION_STREAM_POLL_MS while
 * this instance has a stream open (the same pattern as the fleet events on the position stream).
 */
@Injectable()
export class InboxFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InboxFeed.name);
  private readonly sent = new LRUCache<string, true>({ max: 50_000 });
  private lastSeconds = Math.floor(Date.now() / 1000);
  private timer?: NodeJS.Timeout;
  private readonly pollMs: number;
  private stopped = false;

  constructor(
    @InjectModel(NotificationFeedWrite.name) private readonly feed: Model<NotificationFeedWrite>,
    private readonly bus: DomainEvents,
    config: AppConfig,
  ) {
    this.pollMs = config.get('POSITION_STREAM_POLL_MS');
  }

  @RecurringJob('alerts.inbox-feed-prune', { everyMs: FEED_PRUNE_EVERY_MS })
  async onSchedule(): Promise<void> {
    await this.feed.collection.deleteMany({ _id: { $lt: Types.ObjectId.createFromTime((Date.now() - FEED_KEEPS_MS) / 1000) } });
  }

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => void this.poll(), this.pollMs).unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Tells this instance's streams at once, and the others' through the feed: each group's view stored once, not once per recipient. */
  async publish(groups: readonly InboxGroup[]): Promise<void> {
    if (groups.length === 0) return;
    for (const group of groups) for (const entry of entriesOf(group)) this.send(entry);
    const documents: NotificationFeedWrite[] = [];
    let entries = Infinity;
    for (const { view, texts, to } of groups) {
      if (entries + to.length > ENTRIES_PER_WRITE) {
        documents.push({ _id: new Types.ObjectId(), groups: [], entries: [] });
        entries = 0;
      }
      documents.at(-1)!.groups!.push({ view, texts, to: to.map(({ userId, id }) => ({ userId: new Types.ObjectId(userId), id: new Types.ObjectId(id) })) });
      entries += to.length;
    }
    await this.feed.collection.insertMany(documents, { ordered: false });
  }

  private send(entry: InboxEntry): void {
    // An entry's recipients share its id: each is told once.
    const key = `${entry.userId}|${entry.view.id}`;
    if (this.sent.has(key)) return;
    this.sent.set(key, true);
    this.bus.emit(INBOX_ENTRY, entry);
  }

  private async poll(): Promise<void> {
    try {
      if (this.bus.heard(INBOX_ENTRY)) {
        const from = Types.ObjectId.createFromTime(this.lastSeconds - CLOCK_SKEW_S);
        const writes = await this.feed.collection
          .find<NotificationFeedWrite>({ _id: { $gte: from } } as never)
          .sort({ _id: 1 })
          .limit(WRITES_PER_POLL)
          .toArray();
        for (const write of writes) for (const entry of storedEntries(write)) this.send(entry);
        if (writes.length > 0) this.lastSeconds = Math.max(this.lastSeconds, writes.at(-1)!._id.getTimestamp().getTime() / 1000);
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

function entriesOf({ view, texts, to }: InboxGroup): InboxEntry[] {
  return to.map(({ userId, id }) => ({ userId, view: { id, ...view }, texts }));
}

/** A feed document's entries: its groups, or what the versions before wrote (`entries`, or the document itself as one entry). */
function storedEntries(write: NotificationFeedWrite): InboxEntry[] {
  if (write.groups) {
    return write.groups.flatMap(({ view, texts, to }) =>
      entriesOf({
        view: view as InboxGroup['view'],
        texts: texts as NotificationTexts | undefined,
        to: to.map(({ userId, id }) => ({ userId: userId.toHexString(), id: id.toHexString() })),
      }),
    );
  }
  return (write.entries ?? [write as unknown as NotificationFeedEntry]).map(({ userId, view }) => ({
    userId: userId.toHexString(),
    view: view as NotificationView,
  }));
}
