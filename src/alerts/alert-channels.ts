import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Types } from 'mongoose';
import { User } from '@app/auth';
import { markedProviders } from '@app/bus';
import { AppConfig } from '@app/config';
import { ExpiringCache, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { Asset } from '@app/fleet';
import { AlertChannel, AlertRecipient } from './channels/alert-channel';
import type { AlertChange } from './channels/alert-messages';
import { AlertStories } from './channels/alert-stories';
import type { AlertRule } from './schemas/alert-rule.schema';
import type { Alert } from './schemas/alert.schema';

export type { AlertChange } from './channels/alert-messages';

/** An alert that opened (or is told of again), with the rule that says who hears of it. */
export interface OpenedAlert {
  alert: Stored<Alert>;
  rule: Pick<Stored<AlertRule>, 'recipients'>;
}

/**
 * Where an alert goes once it opens, is acknowledged or resolved: the one seam between the
 * alert life cycle and the channels (docs/alerts.md, "Channels") — every provider marked
 * `@AlertChannel()` (the inbox, mail, webhooks). Called after the change is stored and before the
 * cause (an ingestion batch, a request, a job) is acknowledged. Every text comes from one story
 * per alert (`AlertStories`, `@app/i18n`), read once here for all channels, with the rule's users
 * who may see the asset, so the inbox, the mail and the webhook say the same thing to the same
 * people. The alerts an ingestion batch opened are told together: one write per channel.
 */
@Injectable()
export class AlertChannels implements OnModuleInit {
  /** Rules' recipient users, read once per READ_CACHE_TTL_SECONDS, not once per ingestion batch (as the rules are). */
  private readonly usersOf: ExpiringCache<AlertRecipient[]>;
  private channels: AlertChannel[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly stories: AlertStories,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    config: AppConfig,
  ) {
    this.usersOf = new ExpiringCache(config.readCacheTtlMs);
  }

  onModuleInit(): void {
    this.channels = markedProviders<AlertChannel>(this.discovery, AlertChannel);
  }

  /** The channels registered (the app's, for a test that walks them). */
  get registered(): readonly AlertChannel[] {
    return this.channels;
  }

  async changed(change: AlertChange, alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'> | null): Promise<void> {
    if (change === 'opened' && rule) return this.opened(alert.clientId, [{ alert, rule }]);
    await this.changedMany(alert.clientId, change, [alert]);
  }

  /** Alerts of one client acknowledged or resolved (a batch's ends resolve several): told by each channel in one write. */
  async changedMany(clientId: Types.ObjectId, change: AlertChange, alerts: readonly Stored<Alert>[]): Promise<void> {
    if (alerts.length === 0 || change === 'opened') return;
    await Promise.all(this.channels.map((channel) => channel.ended(clientId, change, alerts)));
  }

  /**
   * Alerts of one client that opened: their stories and the recipient users of all their rules
   * read once (and their assets once, when a recipient sees only some trackers), then each
   * channel told of all of them.
   */
  async opened(clientId: Types.ObjectId, opened: readonly OpenedAlert[]): Promise<void> {
    if (opened.length === 0) return;
    const [tales, usersOf] = await Promise.all([
      this.stories.of(
        clientId,
        opened.map(({ alert }) => alert),
      ),
      this.recipientUsers(scopeOfClient(clientId), opened),
    ]);
    const told = opened.map(({ alert, rule }) => ({ alert, rule, tale: tales.get(alert)!, users: usersOf.get(alert) ?? [] }));
    await Promise.all(this.channels.map((channel) => channel.opened(clientId, told)));
  }

  /** Per alert, its rule's users who may see its asset: active users of the client whose trackers include the asset's. */
  private async recipientUsers(scope: TenantScope, opened: readonly OpenedAlert[]): Promise<Map<Stored<Alert>, AlertRecipient[]>> {
    const ids = [...new Set(opened.flatMap(({ rule }) => rule.recipients.userIds.map(String)))];
    if (ids.length === 0) return new Map();
    // By `_id` alone (a lookup on the embedded server; with `active` in the query it would scan), the
    // inactive left out here. A change to a user (deactivated, other trackers, language) applies within the cache's lifetime.
    const key = `${scope.clientId.toHexString()}:${[...ids].sort().join(',')}`;
    const users = (
      await this.usersOf.get(key, () => this.users.findByIds(scope, ids, { _id: 1, clientId: 1, email: 1, language: 1, trackerScope: 1, active: 1 }))
    ).filter((user) => user.active);
    const byId = new Map<string, AlertRecipient>(users.map((user) => [user._id.toHexString(), user]));
    // The assets' trackers only matter to a user who sees some trackers (each asset read once: reads by id are batched and cached).
    const limited = users.some((user) => user.trackerScope?.all === false);
    const assetIds = limited ? [...new Set(opened.map(({ alert }) => alert.assetId.toHexString()))] : [];
    const assets = await Promise.all(assetIds.map((id) => this.assets.findById(scope, id)));
    const trackerOf = new Map(assetIds.map((id, index) => [id, assets[index]?.mainTrackerId ?? null]));
    return new Map(
      opened.map(({ alert, rule }) => {
        const trackerId = trackerOf.get(alert.assetId.toHexString()) ?? null;
        const recipients = [...new Set(rule.recipients.userIds.map(String))]
          .map((id) => byId.get(id))
          .filter((user): user is AlertRecipient => user !== undefined);
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
