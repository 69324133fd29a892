import { Injectable, OnModuleInit } from '@nestjs/common';
import { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { idsBefore, InjectUnscopedModel } from '@app/database';
import { Retention } from '@app/jobs';
import { Notification } from '../schemas/notification.schema';

/**
 * Inbox entries are kept INBOX_RETENTION_DAYS after their alert's event or their notice (the time
 * their `_id` starts with, as the inbox orders them), every client's removed in one delete by the
 * retention job, read or not.
 */
@Injectable()
export class InboxRetention implements OnModuleInit {
  constructor(
    // Every client's old entries: the retention's one delete across clients.
    @InjectUnscopedModel(Notification) private readonly allEntries: Model<Notification>,
    private readonly retention: Retention,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.retention.keep(
      'inbox entries',
      this.config.retentionMs('INBOX_RETENTION_DAYS'),
      async (before) => (await this.allEntries.deleteMany(idsBefore(before)).exec()).deletedCount,
    );
  }
}
