import { Injectable } from '@nestjs/common';
import type { Language } from '@app/i18n';
import type { Stored } from '@app/database';
import { Mailer } from '@app/mail';
import type { Alert } from '../schemas/alert.schema';
import type { AlertTale } from './alert-stories';

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
export class AlertMails {
  constructor(private readonly mailer: Mailer) {}

  /** The mails of a client's opened alerts, each to its recipients in their language: all of them in one insert of keyed jobs. */
  async opened(alerts: ReadonlyArray<{ alert: Stored<Alert>; tale: AlertTale; recipients: readonly MailRecipient[] }>): Promise<void> {
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
}
