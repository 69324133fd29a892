import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { Role, User } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { WebhookDispatcher } from '../webhooks';
import { alertNotificationId, systemNoticeId } from './alert-ids';
import { toAlertView } from './alerts/alert.view';
import { AlertMails, type MailRecipient } from './channels/alert-mails';
import { Inbox } from './inbox/inbox.service';
import type { AlertRule } from './schemas/alert-rule.schema';
import type { Alert } from './schemas/alert.schema';

export type AlertChange = 'opened' | 'acknowledged' | 'resolved';

const SEVERITY_LABEL = { info: 'Info', warning: 'Aviso', critical: 'Crítica' } as const;

type Recipient = Pick<Stored<User>, '_id' | 'email' | 'language' | 'trackerScope'>;

/**
 * Where an alert goes once it opens, is acknowledged or resolved: the one seam between the
 * alert life cycle and the channels (docs/alerts.md, "Channels"). Called after the change is
 * stored and before the cause (an ingestion batch, a request, a job) is acknowledged; every
 * channel is idempotent (the same change told twice — a replay, a retried job — is one
 * notification) and only stores or queues here, so nothing slow runs on the caller's path:
 * - opened: an inbox entry per recipient user who may see the asset, and a mail (a queued job)
 *   to each of them in their language and to each address of the rule;
 * - every change: `alert.opened|acknowledged|resolved` to the client's webhook endpoints that
 *   subscribed to it (a stored delivery, attempted by its job).
 */
@Injectable()
export class AlertChannels {
  constructor(
    private readonly inbox: Inbox,
    private readonly mails: AlertMails,
    private readonly webhooks: WebhookDispatcher,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
  ) {}

  async changed(change: AlertChange, alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'> | null): Promise<void> {
    const told: Promise<unknown>[] = [
      this.webhooks.publish(alert.clientId, { type: `alert.${change}`, data: toAlertView(alert), key: `alert:${alert._id.toHexString()}:${change}` }),
    ];
    if (change === 'opened' && rule) {
      const users = await this.recipientUsers(alert, rule);
      told.push(this.toInbox(alert, users), this.mails.opened(alert, this.mailRecipients(users, rule)));
    }
    await Promise.all(told);
  }

  /** The rule's users who may see the asset: active users of the client whose trackers include the asset's. */
  private async recipientUsers(alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'>): Promise<Recipient[]> {
    if (rule.recipients.userIds.length === 0) return [];
    const scope = scopeOfClient(alert.clientId);
    const [users, asset] = await Promise.all([
      this.users.find(scope, { _id: { $in: rule.recipients.userIds }, active: true }, { projection: { _id: 1, email: 1, language: 1, trackerScope: 1 } }),
      this.assets.findById(scope, alert.assetId.toHexString()),
    ]);
    const trackerId = asset?.mainTrackerId ?? null;
    return users.filter((user) => user.trackerScope?.all !== false || (trackerId !== null && user.trackerScope.trackerIds.some((id) => id.equals(trackerId))));
  }

  /** Each user in their language, then each address of the rule not already a user's, in Spanish. */
  private mailRecipients(users: readonly Recipient[], rule: Pick<Stored<AlertRule>, 'recipients'>): MailRecipient[] {
    const byAddress = new Map<string, MailRecipient>();
    for (const user of users) byAddress.set(user.email, { email: user.email, language: user.language ?? 'es' });
    for (const email of rule.recipients.emails ?? []) {
      const address = email.toLowerCase();
      if (!byAddress.has(address)) byAddress.set(address, { email: address, language: 'es' });
    }
    return [...byAddress.values()];
  }

  private async toInbox(alert: Stored<Alert>, users: readonly Recipient[]): Promise<void> {
    await this.inbox.deliver(
      scopeOfClient(alert.clientId),
      users.map((user) => ({
        _id: alertNotificationId(alert, user._id),
        userId: user._id,
        kind: 'alert' as const,
        alertId: alert._id,
        ruleId: alert.ruleId,
        title: `${SEVERITY_LABEL[alert.severity]}: ${alert.ruleName} — ${alert.assetName}`,
        body: `${alert.eventType} at ${alert.occurredAt.toISOString()}`,
        severity: alert.severity,
        assetId: alert.assetId,
      })),
    );
  }
}

/**
 * A 'system' entry in the inbox of a client's admins (active users whose role is protected: the
 * role that administers the client). For other domains (the webhooks' "endpoint disabled"
 * notice). With a `key` and its `at` (when what it tells happened), the same notice told twice
 * is one entry per admin.
 */
@Injectable()
export class SystemNotices {
  constructor(
    private readonly inbox: Inbox,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Role) private readonly roles: TenantRepository<Role>,
  ) {}

  async toAdmins(clientId: Types.ObjectId, notice: { title: string; body: string; severity?: 'info' | 'warning' | 'critical'; key?: string; at?: Date }): Promise<number> {
    const scope = scopeOfClient(clientId);
    const roles = await this.roles.find(scope, { protected: true }, { projection: { _id: 1 } });
    if (roles.length === 0) return 0;
    const admins = await this.users.find(scope, { active: true, roleId: { $in: roles.map((role) => role._id) } }, { projection: { _id: 1 } });
    await this.inbox.deliver(
      scope,
      admins.map((admin) => ({
        _id: notice.key ? systemNoticeId(notice.key, notice.at ?? new Date(), admin._id) : new Types.ObjectId(),
        userId: admin._id,
        kind: 'system' as const,
        alertId: null,
        ruleId: null,
        title: notice.title,
        body: notice.body,
        severity: notice.severity ?? 'warning',
        assetId: null,
      })),
    );
    return admins.length;
  }
}
