import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { scopeOfClient } from '@app/database';
import { Inbox } from '../inbox/inbox.service';
import { AlertChannel, OpenedAlertTold } from './alert-channel';
import { alertInboxEntry } from './alert-messages';

/** An opened alert's inbox entry for each recipient user who may see its asset (one insert for all). */
@Injectable()
@AlertChannel()
export class InboxChannel implements AlertChannel {
  constructor(private readonly inbox: Inbox) {}

  async opened(clientId: Types.ObjectId, opened: readonly OpenedAlertTold[]): Promise<void> {
    await this.inbox.deliver(
      scopeOfClient(clientId),
      opened.map(({ alert, tale, users }) =>
        alertInboxEntry(
          alert,
          tale,
          users.map((user) => user._id),
        ),
      ),
    );
  }

  /** The inbox tells an alert once, when it opens. */
  ended(): Promise<void> {
    return Promise.resolve();
  }
}
