import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { AppConfig } from '@app/config';

/** A migration recorded finished: its name, and when. */
interface FinishedMigration {
  _id: string;
  finishedAt: Date;
}

/**
 * The data migrations a database no longer needs (`data_migrations`, one document per migration,
 * by name). A boot's backfill reads its whole collection for records of an old shape (on the
 * embedded server always; on MongoDB whenever no index serves the query), so once a pass finds
 * nothing left it is recorded finished and later boots skip it. Finished by a pass that changed
 * nothing, not by the first that converted everything: during a rolling deploy an instance of the
 * version before may still write the old shape, and the next boot converts that too.
 */
@Injectable()
export class DataMigrations {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
  ) {}

  /**
   * A boot's backfill: `untilFinished` in the background, on the instances that run background
   * work (the server's boot, not a command's); the boot goes on, and a failure is logged as
   * `failure` for the next boot to try again.
   */
  atBoot(name: string, pass: () => Promise<number>, logger: Logger, failure: string): void {
    if (!this.config.runsBackgroundWork) return;
    void this.untilFinished(name, pass).catch((error: unknown) => logger.warn(`${failure}: ${String(error)}`));
  }

  /**
   * Runs `pass` (answering how many records it changed) unless `name` is recorded finished, and
   * records it when the pass changed nothing. Answers what the pass changed, or null: not run.
   */
  async untilFinished(name: string, pass: () => Promise<number>): Promise<number | null> {
    const ledger = this.connection.collection<FinishedMigration>('data_migrations');
    if (await ledger.findOne({ _id: name })) return null;
    const changed = await pass();
    // An upsert: two instances booting together may both get here.
    if (changed === 0) await ledger.updateOne({ _id: name }, { $setOnInsert: { finishedAt: new Date() } }, { upsert: true });
    return changed;
  }
}
