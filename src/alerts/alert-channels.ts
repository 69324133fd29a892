import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { User } from '@app/auth';
import { AppConfig } from '@app/config';
import { DEFAULT_LANGUAGE, languageOr } from '@app/i18n';
import { ExpiringCache, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { Asset } from '@app/fleet';
import { WebhookDispatcher } from '../webhooks';
import { AlertMails, type MailRecipient } from './channels/alert-mails';
import { type AlertChange, alertInboxEntry, alertWebhookMessage } from './channels/alert-messages';
import { AlertStories } from './channels/alert-stories';
import { Inbox } from './inbox/inbox.service';
import type { AlertRule } from './schemas/alert-rule.schema';
import type { Alert } from './schemas/alert.schema';

export type { AlertChange } from './channels/alert-messages';

/** An alert that opened (or is told of again), with the rule that says who hears of it. */
export interface OpenedAlert {
  alert: Stored<Alert>;
  rule: Pick<Stored<AlertRule>, 'recipients'>;
}

type Recipient = Pick<Stored<User>, '_id' | 'email' | 'language' | 'trackerScope' | 'active'>;

/**
 * Where an alert goes once it opens, is acknowledged or resolved: the one seam between the
 * alert life cycle and the channels (docs/alerts.md, "Channels"). Called after the change is
 * stored and before the cause (an ingestion batch, a request, a job) is acknowledged; every
 * channel is idempotent (the same change told twice — a replay, a retried job — is one
 * notification) and only stores or queues here, so nothing slow runs on the caller's path:
 * - opened: an inbox entry for the recipient users who may see the asset, and a mail (a queued job)
 *   to each of them in their language and to each address of the rule;
 * - every change: `alert.opened|acknowledged|resolved` to the client's webhook endpoints that
 *   subscribed to it (a stored delivery, attempted by its job); an alert that opens already
 *   resolved (by an end-type event) is told as opened and as resolved.
 * Every text comes from one story per alert (`AlertStories`, `@app/i18n`), so the inbox, the mail
 * and the webhook say the same thing. The alerts an ingestion batch opened are told together: one
 * write per kind for all of them.
 */
@Injectable()
export class AlertChannels {
  /** Rules' recipient users, read once per READ_CACHE_TTL_SECONDS, not once per ingestion batch (as the rules are). */
  private readonly usersOf: ExpiringCache<Recipient[]>;

  constructor(
    private readonly inbox: Inbox,
    private readonly mails: AlertMails,
    private readonly stories: AlertStories,
    private readonly webhooks: WebhookDispatcher,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    config: AppConfig,
  ) {
    this.usersOf = new ExpiringCache(config.readCacheTtlMs);
  }

  async changed(change: AlertChange, alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'> | null): Promise<void> {
    if (change === 'opened' && rule) return this.opened(alert.clientId, [{ alert, rule }]);
    await this.changedMany(alert.clientId, change, [alert]);
  }

  /** Alerts of one client acknowledged or resolved (a batch's ends resolve several): their webhooks, in one write. */
  async changedMany(clientId: Types.ObjectId, change: AlertChange, alerts: readonly Stored<Alert>[]): Promise<void> {
    // The alerts' stories are read only for an endpoint that takes the change.
    if (alerts.length === 0 || !(await this.webhooks.subscribes(clientId, [`alert.${change}`]))) return;
    const tales = await this.stories.of(clientId, alerts);
    await this.webhooks.publishMany(
      clientId,
      alerts.map((alert) => alertWebhookMessage(change, alert, tales.get(alert)!)),
    );
  }

  /**
   * Alerts of one client that opened: the recipient users of all their rules read once (and their
   * assets once, when a recipient sees only some trackers), the inbox entries in one insert, the
   * mails in one insert of jobs, the webhook deliveries in one bulk write.
   */
  async opened(clientId: Types.ObjectId, opened: readonly OpenedAlert[]): Promise<void> {
    if (opened.length === 0) return;
    const scope = scopeOfClient(clientId);
    const [tales, usersOf] = await Promise.all([
      this.stories.of(
        clientId,
        opened.map(({ alert }) => alert),
      ),
      this.recipientUsers(scope, opened),
    ]);
    const messages = opened.flatMap(({ alert }) => [
      alertWebhookMessage('opened', alert, tales.get(alert)!),
      ...(alert.state === 'resolved' && alert.resolvedBy === 'system' ? [alertWebhookMessage('resolved', alert, tales.get(alert)!)] : []),
    ]);
    await Promise.all([
      this.webhooks.publishMany(clientId, messages),
      this.inbox.deliver(
        scope,
        opened.map(({ alert }) =>
          alertInboxEntry(
            alert,
            tales.get(alert)!,
            (usersOf.get(alert) ?? []).map((user) => user._id),
          ),
        ),
      ),
      this.mails.opened(opened.map(({ alert, rule }) => ({ alert, tale: tales.get(alert)!, recipients: mailRecipients(usersOf.get(alert) ?? [], rule) }))),
    ]);
  }

  /** Per alert, its rule's users who may see its asset: active users of the client whose trackers include the asset's. */
  private async recipientUsers(scope: TenantScope, opened: readonly OpenedAlert[]): Promise<Map<Stored<Alert>, Recipient[]>> {
    const ids = [...new Set(opened.flatMap(({ rule }) => rule.recipients.userIds.map(String)))];
    if (ids.length === 0) return new Map();
    // By `_id` alone (a lookup on the embedded server; with `active` in the query it would scan), the
    // inactive left out here. A change to a user (deactivated, other trackers, language) applies within the cache's lifetime.
    const key = `${scope.clientId.toHexString()}:${[...ids].sort().join(',')}`;
    const users = (
      await this.usersOf.get(key, () => this.users.findByIds(scope, ids, { _id: 1, clientId: 1, email: 1, language: 1, trackerScope: 1, active: 1 }))
    ).filter((user) => user.active);
    const byId = new Map<string, Recipient>(users.map((user) => [user._id.toHexString(), user]));
    // The assets' trackers only matter to a user who sees some trackers (each asset read once: reads by id are batched and cached).
    const limited = users.some((user) => user.trackerScope?.all === false);
    const assetIds = limited ? [...new Set(opened.map(({ alert }) => alert.assetId.toHexString()))] : [];
    const assets = await Promise.all(assetIds.map((id) => this.assets.findById(scope, id)));
    const trackerOf = new Map(assetIds.map((id, index) => [id, assets[index]?.mainTrackerId ?? null]));
    return new Map(
      opened.map(({ alert, rule }) => {
        const trackerId = trackerOf.get(alert.assetId.toHexString()) ?? null;
        const recipients = [...new Set(rule.recipients.userIds.map(String))].map((id) => byId.get(id)).filter((user): user is Recipient => user !== undefined);
        return [
          alert,
          recipients.filter(
            (user) => user.trackerScope?.all !== false || (trackerId !== null && user.trackerScope.trackerIds.some((id) => id.equals(trackerId))),
          ),
        ];
      }),
    );
  }
}

/** Each user in their language, then each address of the rule not already a user's, in Spanish. */
function mailRecipients(users: readonly Recipient[], rule: Pick<Stored<AlertRule>, 'recipients'>): MailRecipient[] {
  const byAddress = new Map<string, MailRecipient>();
  for (const user of users) byAddress.set(user.email, { email: user.email, language: languageOr(user.language) });
  for (const email of rule.recipients.emails ?? []) {
    const address = email.toLowerCase();
    if (!byAddress.has(address)) byAddress.set(address, { email: address, language: DEFAULT_LANGUAGE });
  }
  return [...byAddress.values()];
}
