import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { AuthContext } from '@app/auth';
import { DomainEvents } from '@app/bus';
import { AppConfig } from '@app/config';
import { DEFAULT_LANGUAGE } from '@app/i18n';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository, TenantScope, unlessOnlyDuplicates } from '@app/database';
import { notFound } from '@app/errors';
import { openEventStream, OpenStreamsPerUser, sseFrame } from '@app/http';
import { Notification } from '../schemas/notification.schema';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { INBOX_ENTRY, InboxFeed, type InboxGroup } from './inbox-feed';
import { NotificationView, toNotificationView } from './notification.view';

/** A stream ends after this long; the browser's EventSource reconnects and lists what it missed. */
export const INBOX_STREAM_LIFETIME_MS = 10 * 60_000;
const MAX_UNREAD_BYTES = 1024 * 1024;
const RETRY_MS = 3000;

export type NewNotification = Omit<Notification, 'clientId' | 'reads' | 'createdAt'> & { _id: Types.ObjectId };

/** A new entry as the feed tells it: the view its recipients share (unread by all) and each recipient. */
function feedGroup(document: Stored<Notification>): InboxGroup {
  const { id, ...view } = toNotificationView(document, document.recipients[0], DEFAULT_LANGUAGE);
  return { view, texts: document.texts, to: document.recipients.map((userId) => ({ userId: userId.toHexString(), id })) };
}

/**
 * The in-app inbox (docs/alerts.md, "Inbox"): each user's own notifications, persisted (a user
 * who was offline reads them later), read one by one or all at once, and live on a stream. One
 * document per alert or notice for all its recipients, each one's read state in it; written with
 * an id derived from what it tells (an alert), so writing it again (a replay, a retry) changes nothing.
 */
@Injectable()
export class Inbox implements OnModuleDestroy {
  private readonly open = new Set<() => void>();
  private readonly perUser = new OpenStreamsPerUser('inbox streams');
  private readonly heartbeatMs: number;

  constructor(
    @InjectRepository(Notification) private readonly notifications: TenantRepository<Notification>,
    private readonly feed: InboxFeed,
    private readonly bus: DomainEvents,
    config: AppConfig,
  ) {
    this.heartbeatMs = config.get('POSITION_STREAM_HEARTBEAT_MS');
  }

  /** Writes entries (those already there stay as they are) and tells the open streams. */
  async deliver(scope: TenantScope, entries: readonly NewNotification[]): Promise<void> {
    const addressed = entries.filter((entry) => entry.recipients.length > 0);
    if (addressed.length === 0) return;
    const createdAt = new Date();
    const documents = addressed.map((entry) => ({ ...entry, clientId: scope.clientId, reads: [], createdAt }));
    // Side by side: the feed only tells streams of entries with fixed ids, and a failed insert fails the cause, which writes them again.
    await Promise.all([
      this.notifications.insertMany(scope, documents, { ordered: false }).catch(unlessOnlyDuplicates),
      this.feed.publish(documents.map(feedGroup)),
    ]);
  }

  /** The caller's entries, newest first. */
  list(auth: AuthContext, query: ListNotificationsDto): Promise<Page<Stored<Notification>>> {
    const filter: TenantQuery<Notification> = { recipients: auth.userId };
    if (query.unread === true) filter['reads.userId'] = { $ne: auth.userId };
    if (query.unread === false) filter['reads.userId'] = auth.userId;
    return this.notifications.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  /** Marks an entry read for the caller (the other recipients' stay as they are). */
  async read(auth: AuthContext, id: string): Promise<NotificationView> {
    const notification = await this.own(auth, id);
    if (hasRead(notification, auth.userId)) return toNotificationView(notification, auth.userId, auth.language);
    const updated = await this.notifications.updateRecord(
      auth,
      notification,
      { $push: { reads: { userId: auth.userId, at: new Date() } } },
      { 'reads.userId': { $ne: auth.userId } },
    );
    return toNotificationView(updated ?? (await this.own(auth, id)), auth.userId, auth.language);
  }

  async readAll(auth: AuthContext): Promise<{ read: number }> {
    const unread: TenantQuery<Notification> = { recipients: auth.userId, 'reads.userId': { $ne: auth.userId } };
    return { read: await this.notifications.updateMany(auth, unread, { $push: { reads: { userId: auth.userId, at: new Date() } } }) };
  }

  /** The caller's new entries as `event: notification` (the view), `: heartbeat` comments when idle; at most MAX_STREAMS_PER_USER at once (429). */
  stream(auth: AuthContext, req: Request, res: Response): void {
    const userId = auth.userId.toHexString();
    const release = this.perUser.take(userId); // 429 before any byte of a stream
    const stream = openEventStream(req, res, {
      heartbeatMs: this.heartbeatMs,
      lifetimeMs: INBOX_STREAM_LIFETIME_MS,
      maxUnreadBytes: MAX_UNREAD_BYTES,
      retryMs: RETRY_MS,
    });
    const unsubscribe = this.bus.on(INBOX_ENTRY, (entry) => {
      // Each reader in their language (an entry without `texts` has one text for all).
      if (entry.userId === userId) stream.write(sseFrame('notification', { ...entry.view, ...entry.texts?.[auth.language] }, entry.view.id));
    });
    const end = () => stream.end();
    this.open.add(end);
    stream.onEnd(() => {
      unsubscribe();
      this.open.delete(end);
      release();
    });
    stream.write(': ready\n\n');
  }

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }

  /** An entry of the caller's; another user's or client's is a 404. */
  private async own(auth: AuthContext, id: string): Promise<Stored<Notification>> {
    const notification = await this.notifications.findByIdOrFail(auth, id, 'Notification');
    // `?.`: an entry of the per-user shape not yet converted (seconds after a boot, PerUserEntriesBackfill) is nobody's yet.
    if (!notification.recipients?.some((userId) => userId.equals(auth.userId))) throw notFound('Notification');
    return notification;
  }
}

const hasRead = (notification: Stored<Notification>, userId: Types.ObjectId) => notification.reads.some((read) => read.userId.equals(userId));
