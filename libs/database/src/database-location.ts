import { Logger } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { join, resolve } from 'node:path';
import { EmbeddedMongo } from './embedded/embedded-mongo';
import { projectRoot } from './embedded/project-root';

/** Where the app's database is: the configured MongoDB, or an embedded server this process runs. */
export class DatabaseLocation {
  constructor(
    readonly uri: string,
    readonly embedded?: EmbeddedMongo,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== undefined;
  }

  static async resolve(config: AppConfig): Promise<DatabaseLocation> {
    const logger = new Logger('Database');
    const configured = config.get('MONGODB_URI');
    if (configured) {
      logger.log(`Database: MongoDB at ${redactCredentials(configured)} (MONGODB_URI)`);
      return new DatabaseLocation(configured);
    }
    // Tests and benchmarks keep the embedded server in memory; `npm start` keeps a file.
    const persistent = config.get('NODE_ENV') !== 'test';
    // Relative to the repository, or absolute (a test's temporary directory).
    const dataDir = resolve(projectRoot(), config.get('DATA_DIR'));
    const embedded = await EmbeddedMongo.start({
      kind: config.get('EMBEDDED_MONGO'),
      dataDir: persistent ? dataDir : undefined,
    });
    logger.log(`Database: embedded ${embedded.description} (no MONGODB_URI set)`);
    return new DatabaseLocation(`${embedded.uri}/fleet`, embedded);
  }
}

function redactCredentials(uri: string): string {
  return uri.replace(/\/\/[^@/]+@/, '//***@');
}
