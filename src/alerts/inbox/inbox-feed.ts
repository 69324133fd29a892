import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { DomainEvents, Topic } from '@app/bus';
import { AppConfig } from '@app/config';
import { FEED_PRUNE_EVERY_MS, InstanceFeed } from '@app/database';
import { RecurringJob } from '@app/jobs';
import { NotificationFeedEntry, NotificationFeedWrite } from '../schemas/notification-feed.schema';
import type { NotificationTexts } from '../schemas/notification.schema';
import type { NotificationView } from './notification.view';

/**
 * Entries per feed document, at most (a group's view is under 1 KiB and a recipient ~40 bytes; a
 * rule has at most 1 000 recipients, so a group always fits: far below the 16 MiB a document may hold).
 */
const ENTRIES_PER_WRITE = 5000;

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
 * this instance has a stream open (`InstanceFeed`, as the fleet events on the position stream).
 */
@Injectable()
export class InboxFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly feed: InstanceFeed<NotificationFeedWrite>;

  constructor(
    @InjectModel(NotificationFeedWrite.name) model: Model<NotificationFeedWrite>,
    private readonly bus: DomainEvents,
    config: AppConfig,
  ) {
    this.feed = new InstanceFeed(model.collection, {
      what: 'inbox entries',
      pollMs: config.get('POSITION_STREAM_POLL_MS'),
      listening: () => bus.heard(INBOX_ENTRY),
      read: (write) => storedEntries(write).forEach((entry) => this.send(entry)),
    });
  }

  @RecurringJob('alerts.inbox-feed-prune', { everyMs: FEED_PRUNE_EVERY_MS })
  async onSchedule(): Promise<void> {
    await this.feed.prune();
  }

  onApplicationBootstrap(): void {
    this.feed.start();
  }

  onModuleDestroy(): void {
    this.feed.stop();
  }

  /** Tells this instance's streams at once, and the others' through the feed: each group's view stored once, not once per recipient. */
  async publish(groups: readonly InboxGroup[]): Promise<void> {
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
    await this.feed.write(documents);
  }

  private send(entry: InboxEntry): void {
    // An entry's recipients share its id: each is told once.
    if (this.feed.once(`${entry.userId}|${entry.view.id}`)) this.bus.emit(INBOX_ENTRY, entry);
  }
}

function entriesOf({ view, texts, to }: InboxGroup): InboxEntry[] {
  return to.map(({ userId, id }) => ({ userId, view: { id, ...view }, texts }));
}

/** A feed document's entries: its groups; a document without groups holds `entries`, or is itself one entry. */
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
