import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { markedProvidersWithOptions } from '@app/bus';
import { AppConfig } from '@app/config';

/** A migration recorded finished: its name, and when. */
interface FinishedMigration {
  _id: string;
  finishedAt: Date;
}

/** A boot's backfill: one pass over the records of an old shape, answering how many it changed. */
export interface DataMigrationPass {
  run(): Promise<number>;
}

/** How a backfill is known: its name in the ledger, and what a failed pass leaves undone (logged). */
export interface DataMigrationOptions {
  name: string;
  leftUndone: string;
}

/** Marks a provider as a boot's backfill (`DataMigrationPass`), run by `DataMigrations` at each boot until a pass changes nothing. */
export const DataMigration = DiscoveryService.createDecorator<DataMigrationOptions>();

/**
 * The data migrations a database no longer needs (`data_migrations`, one document per migration,
 * by name). A boot's backfill reads its whole collection for records of an old shape (on the
 * embedded server always; on MongoDB whenever no index serves the query), so once a pass finds
 * nothing left it is recorded finished and later boots skip it. Finished by a pass that changed
 * nothing, not by the first that converted everything: during a rolling deploy an instance of the
 * version before may still write the old shape, and the next boot converts that too.
 */
@Injectable()
export class DataMigrations implements OnApplicationBootstrap {
  private readonly logger = new Logger(DataMigrations.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
  ) {}

  /**
   * Every `@DataMigration` in the background, on the instances that run background work (the
   * server's boot, not a command's); the boot goes on, and a failure is logged for the next boot
   * to try again.
   */
  onApplicationBootstrap(): void {
    if (!this.config.runsBackgroundWork) return;
    const migrations = markedProvidersWithOptions<DataMigrationPass, DataMigrationOptions>(this.discovery, DataMigration);
    for (const {
      instance: migration,
      options: { name, leftUndone },
    } of migrations) {
      void this.untilFinished(name, () => migration.run()).then(
        (changed) => {
          if (changed) this.logger.log(`${name}: ${changed} record(s) of the old shape converted`);
        },
        (error: unknown) => this.logger.warn(`${name}: ${leftUndone}: ${String(error)}`),
      );
    }
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
