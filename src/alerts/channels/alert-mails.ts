import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { DEFAULT_LANGUAGE, type Language, languageOr } from '@app/i18n';
import type { Stored } from '@app/database';
import { Mailer } from '@app/mail';
import type { AlertRule } from '../schemas/alert-rule.schema';
import { AlertChannel, AlertRecipient, OpenedAlertTold } from './alert-channel';

/** Someone an alert's mail goes to: a recipient user (in their language) or an address of the rule. */
export interface MailRecipient {
  email: string;
  language: Language;
}

/**
 * An opened alert's mail, one per address (docs/alerts.md, "Channels"): queued as a durable job
 * keyed by the alert and the address, whose key is recorded once the mail is sent, so the same
 * opening told twice — before or after its mail went — is one mail; and a slow SMTP server delays
 * the mail, never the ingestion batch that opened the alert.
 */
@Injectable()
@AlertChannel()
export class AlertMails implements AlertChannel {
  constructor(private readonly mailer: Mailer) {}

  /** The mails of a client's opened alerts, each to its recipients in their language: all of them in one insert of keyed jobs. */
  async opened(_clientId: Types.ObjectId, opened: readonly OpenedAlertTold[]): Promise<void> {
    const alerts = opened.map(({ alert, tale, users, rule }) => ({ alert, tale, recipients: mailRecipients(users, rule) }));
    const addressed = alerts.filter(({ recipients }) => recipients.length > 0);
    // Without SMTP_URL (production not configured) there is nowhere to send: nothing is queued.
    if (addressed.length === 0 || !this.mailer.configured) return;
    // One round trip for all of them: each is still its own keyed job (told twice, mailed once: the job of a key already sent sends nothing).
    await this.mailer.enqueueMany(
      addressed.flatMap(({ alert, tale, recipients }) =>
        recipients.map((recipient) => {
          const mail = this.mailer.renderAlertMail({
            lang: recipient.language,
            story: tale.story,
            place: tale.place,
            link: `/alerts/${alert._id.toHexString()}`,
          });
          return { key: `alert-mail:${alert._id.toHexString()}:${recipient.email}`, message: { to: recipient.email, ...mail } };
        }),
      ),
    );
  }

  /** A mail tells an alert once, when it opens. */
  ended(): Promise<void> {
    return Promise.resolve();
  }
}

/** Each user in their language, then each address of the rule not already a user's, in Spanish. */
function mailRecipients(users: readonly AlertRecipient[], rule: Pick<Stored<AlertRule>, 'recipients'>): MailRecipient[] {
  const byAddress = new Map<string, MailRecipient>();
  for (const user of users) byAddress.set(user.email, { email: user.email, language: languageOr(user.language) });
  for (const email of rule.recipients.emails ?? []) {
    const address = email.toLowerCase();
    if (!byAddress.has(address)) byAddress.set(address, { email: address, language: DEFAULT_LANGUAGE });
  }
  return [...byAddress.values()];
}
