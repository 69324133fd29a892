import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { groupBy, InjectRepository, Page, Stored, TenantQuery, TenantRepository, TenantScope, unlessOnlyDuplicates } from '@app/database';
import { notFound } from '@app/errors';
import { openEventStream, sseFrame } from '@app/http';
import { Notification } from '../schemas/notification.schema';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { InboxFeed, type InboxGroup } from './inbox-feed';
import { NotificationView, toNotificationView } from './notification.view';

/** A stream ends after this long; the browser's EventSource reconnects and lists what it missed. */
export const INBOX_STREAM_LIFETIME_MS = 10 * 60_000;
const MAX_UNREAD_BYTES = 1024 * 1024;
const RETRY_MS = 3000;

export type NewNotification = Omit<Notification, 'clientId' | 'readAt' | 'createdAt'> & { _id: Types.ObjectId };

/** Entries grouped by what they tell (an alert's recipients all read the same view but for its id), in order. */
function feedGroups(scope: TenantScope, documents: ReadonlyArray<NewNotification & Pick<Notification, 'readAt' | 'createdAt'>>): InboxGroup[] {
  const entries = documents.map((document) => {
    const { id, ...view } = toNotificationView({ ...document, clientId: scope.clientId });
    return { view, to: { userId: document.userId.toHexString(), id } };
  });
  const groups = groupBy(entries, ({ view, to }) => `${view.alertId ?? to.id}|${view.title}|${view.body}`);
  return [...groups.values()].map((group) => ({ view: group[0].view, to: group.map(({ to }) => to) }));
}

/**
 * The in-app inbox (docs/alerts.md, "Inbox"): each user's own notifications, persisted (a user
 * who was offline reads them later), read one by one or all at once, and live on a stream.
 * Entries are written with ids derived from what they tell (an alert and a user), so writing
 * them again (a replay, a retry) changes nothing.
 */
@Injectable()
export class Inbox implements OnModuleDestroy {
  private readonly open = new Set<() => void>();
  private readonly heartbeatMs: number;

  constructor(
    @InjectRepository(Notification) private readonly notifications: TenantRepository<Notification>,
    private readonly feed: InboxFeed,
    config: AppConfig,
  ) {
    this.heartbeatMs = config.get('POSITION_STREAM_HEARTBEAT_MS');
  }

  /** Writes entries (those already there stay as they are) and tells the open streams. */
  async deliver(scope: TenantScope, entries: readonly NewNotification[]): Promise<void> {
    if (entries.length === 0) return;
    const createdAt = new Date();
    const documents = entries.map((entry) => ({ ...entry, readAt: null, createdAt }));
    // Side by side: the feed only tells streams of entries with fixed ids, and a failed insert fails the cause, which writes them again.
    await Promise.all([this.notifications.insertMany(scope, documents, { ordered: false }).catch(unlessOnlyDuplicates), this.feed.publish(feedGroups(scope, documents))]);
  }

  list(auth: AuthContext, query: ListNotificationsDto): Promise<Page<Stored<Notification>>> {
    const filter: TenantQuery<Notification> = { userId: auth.userId };
    if (query.unread === true) filter.readAt = null;
    if (query.unread === false) filter.readAt = { $ne: null };
    return this.notifications.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  async read(auth: AuthContext, id: string): Promise<NotificationView> {
    const notification = await this.own(auth, id);
    if (notification.readAt) return toNotificationView(notification);
    const updated = await this.notifications.updateRecord(auth, notification, { $set: { readAt: new Date() } }, { readAt: null });
    return toNotificationView(updated ?? (await this.own(auth, id)));
  }

  async readAll(auth: AuthContext): Promise<{ read: number }> {
    return { read: await this.notifications.updateMany(auth, { userId: auth.userId, readAt: null }, { $set: { readAt: new Date() } }) };
  }

  /** The caller's new entries as `event: notification` (the view), `: heartbeat` comments when idle. */
  stream(auth: AuthContext, req: Request, res: Response): void {
    const stream = openEventStream(req, res, { heartbeatMs: this.heartbeatMs, lifetimeMs: INBOX_STREAM_LIFETIME_MS, maxUnreadBytes: MAX_UNREAD_BYTES, retryMs: RETRY_MS });
    const userId = auth.userId.toHexString();
    const unsubscribe = this.feed.subscribe((entry) => {
      if (entry.userId === userId) stream.write(sseFrame('notification', entry.view, entry.view.id));
    });
    this.open.add(stream.end);
    stream.onEnd(() => {
      unsubscribe();
      this.open.delete(stream.end);
    });
    stream.write(': ready\n\n');
  }

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }

  /** The caller's own entry; another user's or client's is a 404. */
  private async own(auth: AuthContext, id: string): Promise<Stored<Notification>> {
    const notification = await this.notifications.findByIdOrFail(auth, id, 'Notification');
    if (!notification.userId.equals(auth.userId)) throw notFound('Notification');
    return notification;
  }
}
