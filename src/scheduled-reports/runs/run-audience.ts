import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AuthContext, PrincipalLoader, User } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { DEFAULT_LANGUAGE, type Language, languageOr } from '@app/i18n';
import { ScheduledReport } from '../schemas/scheduled-report.schema';

/** A run that cannot succeed by trying again (its owner gone, a refused definition): failed for good. */
export class RunRefused extends Error {}

/** A recipient's address and the language the report is mailed in. */
export interface Recipient {
  email: string;
  language: Language;
}

/** Whom a run is built as and mailed to (docs/reports.md, "Who it runs as"). */
@Injectable()
export class RunAudience {
  constructor(
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly principals: PrincipalLoader,
  ) {}

  /** The owner as a caller: their permissions and trackers now, as if they asked for the report. */
  async ownerOf(report: Stored<ScheduledReport>, runId: Types.ObjectId): Promise<AuthContext> {
    const principal = await this.principals.load(report.ownerId, { kind: 'api_token', id: report._id });
    if (!principal || !principal.clientId.equals(report.clientId)) throw new RunRefused('its owner is disabled or gone: someone else must create it again');
    return {
      ...principal,
      via: 'bearer',
      request: { requestId: `scheduled-report-run-${runId.toHexString()}`, ip: '127.0.0.1', userAgent: 'scheduled-reports' },
    };
  }

  /** The active users' sign-in addresses in their language, then the addresses not already a user's, in Spanish. */
  async recipientsOf(report: Stored<ScheduledReport>): Promise<Recipient[]> {
    const users = report.recipients.userIds.length
      ? await this.users.find(
          scopeOfClient(report.clientId),
          { _id: { $in: report.recipients.userIds }, active: true },
          { projection: { email: 1, language: 1 } },
        )
      : [];
    const byAddress = new Map(users.map((user) => [user.email.toLowerCase(), languageOr(user.language)]));
    for (const email of report.recipients.emails) if (!byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), DEFAULT_LANGUAGE);
    return [...byAddress].map(([email, language]) => ({ email, language }));
  }
}
