import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * Holds the start of the app (and of a command) until the indexes of every schema exist. Unique
 * indexes are what makes writes exactly-once (a delivery per endpoint and key, a RUT per client, a
 * job per key): without them a race writes twice. Mongoose builds a model's indexes in the
 * background from the moment the model is compiled (`autoIndex`); this waits for those builds
 * (`Model.init()`), in the database module's `onModuleInit` — global modules' hooks run first — so
 * no other module's hooks, no background job and no request run before. An index that cannot be
 * built (existing documents that break a unique index) stops the start, naming the collection.
 */
@Injectable()
export class DatabaseIndexes implements OnModuleInit {
  private readonly logger = new Logger(DatabaseIndexes.name);

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    const started = Date.now();
    const names = this.connection.modelNames();
    await Promise.all(
      names.map(async (name) => {
        const model = this.connection.model(name);
        try {
          await model.init();
        } catch (error) {
          throw new Error(
            `the indexes of ${model.collection.collectionName} could not be built (${(error as Error).message}); the app does not start without them`,
          );
        }
      }),
    );
    this.logger.debug(`indexes of ${names.length} collections ready in ${Date.now() - started} ms`);
  }
}
