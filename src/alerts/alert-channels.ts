import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { Role, User } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { alertNotificationId, systemNoticeId } from './alert-ids';
import { Inbox } from './inbox/inbox.service';
import type { AlertRule } from './schemas/alert-rule.schema';
import type { Alert } from './schemas/alert.schema';

export type AlertChange = 'opened' | 'acknowledged' | 'resolved';

const SEVERITY_LABEL = { info: 'Info', warning: 'Aviso', critical: 'Crítica' } as const;

/**
 * Where an alert goes once it opens, is acknowledged or resolved: the one seam between the
 * alert life cycle and the channels. Called after the change is stored and before the cause
 * (an ingestion batch, a request, a job) is acknowledged; every channel here must be idempotent
 * (the same change told twice — a replay, a retried job — is one notification).
 *
 * For now only the in-app inbox (an entry per recipient user when an alert opens). E-mail
 * (libs/mail: the rule's users' addresses and `recipients.emails`) and webhooks (src/webhooks:
 * `alert.opened`, `alert.acknowledged`, `alert.resolved` to the client's endpoints) are wired
 * here once they land.
 */
@Injectable()
export class AlertChannels {
  constructor(
    private readonly inbox: Inbox,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
  ) {}

  async changed(change: AlertChange, alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'> | null): Promise<void> {
    if (change === 'opened' && rule) await this.toInbox(alert, rule);
  }

  /** One entry per recipient user who may see the asset (an active user of the client whose trackers include the asset's). */
  private async toInbox(alert: Stored<Alert>, rule: Pick<Stored<AlertRule>, 'recipients'>): Promise<void> {
    if (rule.recipients.userIds.length === 0) return;
    const scope = scopeOfClient(alert.clientId);
    const [users, asset] = await Promise.all([
      this.users.find(scope, { _id: { $in: rule.recipients.userIds }, active: true }, { projection: { _id: 1, trackerScope: 1 } }),
      this.assets.findById(scope, alert.assetId.toHexString()),
    ]);
    const trackerId = asset?.mainTrackerId ?? null;
    const seesAsset = (user: Stored<User>) => user.trackerScope?.all !== false || (trackerId !== null && user.trackerScope.trackerIds.some((id) => id.equals(trackerId)));
    await this.inbox.deliver(
      scope,
      users.filter(seesAsset).map((user) => ({
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
