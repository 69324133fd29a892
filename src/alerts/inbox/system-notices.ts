import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { Role, User } from '@app/auth';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { DEFAULT_LANGUAGE } from '@app/i18n';
import type { NotificationTexts } from '../schemas/notification.schema';
import { systemNoticeId } from '../alert-ids';
import { Inbox } from './inbox.service';

/**
 * A 'system' entry in the inbox of a client's admins (active users whose role is protected: the
 * role that administers the client). For other domains (the webhooks' "endpoint disabled"
 * notice). With a `key` and its `at` (when what it tells happened), the same notice told twice
 * is one entry.
 */
@Injectable()
export class SystemNotices {
  constructor(
    private readonly inbox: Inbox,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Role) private readonly roles: TenantRepository<Role>,
  ) {}

  /** `texts`: the title and body in every language, each admin shown theirs. */
  async toAdmins(
    clientId: Types.ObjectId,
    notice: { texts: NotificationTexts; severity?: 'info' | 'warning' | 'critical'; key?: string; at?: Date },
  ): Promise<number> {
    const scope = scopeOfClient(clientId);
    const roles = await this.roles.find(scope, { protected: true }, { projection: { _id: 1 } });
    if (roles.length === 0) return 0;
    const admins = await this.users.find(scope, { active: true, roleId: { $in: roles.map((role) => role._id) } }, { projection: { _id: 1 } });
    await this.inbox.deliver(scope, [
      {
        _id: notice.key ? systemNoticeId(notice.key, notice.at ?? new Date()) : new Types.ObjectId(),
        recipients: admins.map((admin) => admin._id),
        kind: 'system',
        alertId: null,
        ruleId: null,
        ...notice.texts[DEFAULT_LANGUAGE],
        texts: notice.texts,
        severity: notice.severity ?? 'warning',
        assetId: null,
      },
    ]);
    return admins.length;
  }
}
