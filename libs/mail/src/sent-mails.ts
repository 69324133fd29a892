import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { SentMail } from './sent-mail.schema';

/**
 * The record of mails sent (`sent_mails`, by key): what makes a mail once per key beyond the life
 * of its job, which is deleted once done. Written right after the SMTP server accepted the mail:
 * only a crash between the two sends it again, under the same Message-ID.
 */
@Injectable()
export class SentMails {
  constructor(@InjectModel(SentMail.name) private readonly sent: Model<SentMail>) {}

  /** Whether a mail under this key was sent (a lookup by `_id`). */
  async has(key: string): Promise<boolean> {
    return (await this.sent.collection.findOne({ _id: key } as never, { projection: { _id: 1 } })) !== null;
  }

  /** Records a sent mail; recording it twice keeps the first. */
  async record(key: string, messageId: string, sentAt: Date): Promise<void> {
    await this.sent.collection.updateOne({ _id: key } as never, { $setOnInsert: { messageId, sentAt } }, { upsert: true });
  }
}
