import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { Retention } from '@app/jobs';
import { SentMail } from './sent-mail.schema';

/**
 * The record of mails sent (`sent_mails`, by key): what makes a mail once per key beyond the life
 * of its job, which is deleted once done. Written right after the SMTP server accepted the mail:
 * only a crash between the two sends it again, under the same Message-ID. Kept
 * SENT_MAIL_RETENTION_DAYS, then removed by the retention job.
 */
@Injectable()
export class SentMails implements OnModuleInit {
  constructor(
    @InjectModel(SentMail.name) private readonly sent: Model<SentMail>,
    private readonly retention: Retention,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.retention.keep('sent mail records', this.config.retentionMs('SENT_MAIL_RETENTION_DAYS'), (before) => this.forgetSentBefore(before));
  }

  /** Whether a mail under this key was sent (a lookup by `_id`). */
  async has(key: string): Promise<boolean> {
    return (await this.sent.collection.findOne({ _id: key } as never, { projection: { _id: 1 } })) !== null;
  }

  /** Records a sent mail; recording it twice keeps the first. */
  async record(key: string, messageId: string, sentAt: Date): Promise<void> {
    await this.sent.collection.updateOne({ _id: key } as never, { $setOnInsert: { messageId, sentAt } }, { upsert: true });
  }

  /** Forgets the mails sent before `before` (one delete by age); answers how many. */
  async forgetSentBefore(before: Date): Promise<number> {
    return (await this.sent.collection.deleteMany({ sentAt: { $lt: before } })).deletedCount;
  }
}
