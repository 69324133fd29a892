import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { DataMigration, type DataMigrationPass, InjectUnscopedModel, migrateInRounds } from '@app/database';
import { Notification } from '../schemas/notification.schema';

/** An entry of the per-user shape: one per recipient, with their read time. */
interface PerUserEntry {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  readAt?: Date | null;
}

const PER_ROUND = 1000;

/**
 * Inbox entries of the per-user shape (one document per user, `userId` and `readAt`) are in no
 * inbox: an inbox reads one document for all of an alert's recipients. At boot, in the background, until a boot
 * finds none left (`DataMigrations`), each becomes an entry of its one recipient — `recipients: [userId]`, and its reading in `reads` if it
 * was read — under the same id, so links and stream ids to it still hold.
 */
@Injectable()
@DataMigration({ name: 'inbox.per-user-entries', leftUndone: 'Inbox entries of the per-user shape not converted' })
export class PerUserEntriesBackfill implements DataMigrationPass {
  constructor(
    // Every client's, once: a data migration, like the alerts' register backfill.
    @InjectUnscopedModel(Notification) private readonly allClientsNotifications: Model<Notification>,
  ) {}

  /** Converts every entry of the per-user shape; answers how many there were. */
  run(): Promise<number> {
    return migrateInRounds(
      PER_ROUND,
      (limit) => this.unconverted(limit),
      (entries) => this.convert(entries),
    );
  }

  // The raw collection: `userId` and `readAt` are not in the schema, which would drop them from the filter.
  private unconverted(limit: number): Promise<PerUserEntry[]> {
    return this.allClientsNotifications.collection
      .find<PerUserEntry>({ userId: { $exists: true } }, { projection: { userId: 1, readAt: 1 } })
      .limit(limit)
      .toArray();
  }

  /** Each entry becomes its one recipient's, read if it was; answers how many changed. */
  private async convert(entries: PerUserEntry[]): Promise<number> {
    const updates = entries.map(({ _id, userId, readAt }) => ({
      updateOne: {
        filter: { _id },
        update: { $set: { recipients: [userId], reads: readAt ? [{ userId, at: readAt }] : [] }, $unset: { userId: '', readAt: '' } },
      },
    }));
    const { modifiedCount } = await this.allClientsNotifications.collection.bulkWrite(updates, { ordered: false });
    return modifiedCount;
  }
}
