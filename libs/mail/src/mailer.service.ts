import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '@app/config';
import { GiveUp, Jobs } from '@app/jobs';
import { AlertMailInput, renderAlertMail, RenderedMail } from './alert-mail';
import { MailMessage, toStorable } from './mail-message';
import { SentMails } from './sent-mails';

/** The job that sends one queued mail. */
export const MAIL_JOB = 'mail.send';
/** After a failed send (the SMTP server down or refusing): 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then `failed`. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000];

/**
 * Mail through a pooled SMTP transport to SMTP_URL, from MAIL_FROM (docs/notifications.md).
 * `enqueue` is what requests and listeners use: the mail becomes a durable job, sent once across
 * instances and retried, so a slow or failing SMTP server delays mail, never the caller; once
 * sent, its key is recorded (`SentMails`), and a job of that key queued again sends nothing.
 * `send` sends at once (the job itself, and tools).
 */
@Injectable()
export class Mailer implements OnModuleInit, OnApplicationShutdown {
  private transport?: Transporter;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: Jobs,
    private readonly sent: SentMails,
  ) {}

  /** Whether an SMTP server is configured (or the demo stand-in runs). */
  get configured(): boolean {
    return Boolean(this.config.get('SMTP_URL'));
  }

  onModuleInit(): void {
    this.jobs.handle<MailMessage>(MAIL_JOB, async ({ key, payload, lease }) => {
      if (!this.configured) throw new GiveUp('SMTP_URL is not set: mail is not sent');
      // Sent already: the cause was told again after this key's job was done and gone.
      if (await this.sent.has(key)) return;
      lease.assertHeld();
      const { messageId } = await this.send(payload);
      // Recorded even if the lease was lost meanwhile: the mail went.
      await this.sent.record(key, payload.messageId ?? messageId, new Date());
    });
  }

  /**
   * Queues a mail under the caller's idempotency key (an alert and a recipient, say): the same key
   * twice is one mail, whatever the number of instances or retries of the cause, also after the
   * first was sent (for SENT_MAIL_RETENTION_DAYS). Answers whether this call stored a job (a job of
   * a key already sent sends nothing).
   */
  async enqueue(key: string, message: MailMessage, { runAt }: { runAt?: Date } = {}): Promise<{ queued: boolean }> {
    const { created } = await this.jobs.enqueue(MAIL_JOB, this.storable(key, message), { key, runAt, retryDelaysMs: MAIL_RETRY_DELAYS_MS });
    return { queued: created };
  }

  /** `enqueue` of many mails in one round trip (an alert's recipients); answers, in order, whether each was queued. */
  enqueueMany(mails: ReadonlyArray<{ key: string; message: MailMessage }>): Promise<boolean[]> {
    return this.jobs.enqueueMany(
      MAIL_JOB,
      mails.map(({ key, message }) => ({ key, payload: this.storable(key, message), retryDelaysMs: MAIL_RETRY_DELAYS_MS })),
    );
  }

  /** The job's payload: the message with a Message-ID derived from its key (a re-sent copy is recognisable). */
  private storable(key: string, message: MailMessage) {
    const messageId = message.messageId ?? `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${this.senderDomain()}>`;
    return toStorable({ ...message, messageId });
  }

  /** Sends now through the pool; throws what the SMTP server answered. */
  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = (await this.pool().sendMail({
      from: this.config.get('MAIL_FROM'),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      messageId: message.messageId,
    })) as { messageId: string };
    return { messageId: info.messageId };
  }

  /** An alert's mail (subject and bodies, Spanish or English) with its link below APP_URL. */
  renderAlertMail(input: Omit<AlertMailInput, 'appUrl'>): RenderedMail {
    return renderAlertMail({ ...input, appUrl: this.config.get('APP_URL') });
  }

  /** The domain of MAIL_FROM's address (`Fleet <alerts@fleet.example>` → `fleet.example`). */
  private senderDomain(): string {
    return /@([^>\s]+)/.exec(this.config.get('MAIL_FROM'))?.[1] ?? 'fleet.localhost';
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private pool(): Transporter {
    const url = this.config.get('SMTP_URL');
    if (!url) throw new Error('SMTP_URL is not set');
    this.transport ??= createTransport({
      url,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
    return this.transport;
  }
}
