import { Logger } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { join, resolve } from 'node:path';
import { EmbeddedMongo } from './embedded/embedded-mongo';
import { projectRoot } from './embedded/project-root';
import { publishAddress, readPublishedAddress, withdrawAddress } from './embedded/published-address';

/**
 * The database name when the URI names none: the app, the command line and the tests all use
 * it, so that what one writes the others read (a URI without a name would otherwise mean `test`).
 */
export const DEFAULT_DATABASE_NAME = 'fleet';

/** Where the app's database is: the configured MongoDB, an embedded server this process runs, or the one the running app published. */
export class DatabaseLocation {
  constructor(
    readonly uri: string,
    readonly embedded?: EmbeddedMongo,
    /** On the embedded server another process (the running app) started and published. */
    readonly shared = false,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== undefined || this.shared;
  }

  /** The database name: the URI's path, else DEFAULT_DATABASE_NAME. */
  get databaseName(): string {
    return databaseNameOf(this.uri);
  }

  static async resolve(config: AppConfig): Promise<DatabaseLocation> {
    const logger = new Logger('Database');
    const configured = config.get('MONGODB_URI');
    if (configured) {
      logger.log(`Database: MongoDB at ${redactCredentials(configured)}, database ${databaseNameOf(configured)} (MONGODB_URI)`);
      return new DatabaseLocation(configured);
    }
    // Tests and benchmarks keep the embedded server in memory; `npm start` keeps a file, which
    // only one server may open: a second process (the command line) uses the published one.
    const persistent = config.get('NODE_ENV') !== 'test';
    // Relative to the repository, or absolute (a test's temporary directory).
    const dataDir = resolve(projectRoot(), config.get('DATA_DIR'));
    const addressFile = join(dataDir, 'embedded-mongo.json');
    const running = persistent ? readPublishedAddress(addressFile) : undefined;
    if (running) {
      logger.log(`Database: the running app's embedded ${running.description} (${addressFile})`);
      return new DatabaseLocation(`${running.uri}/${DEFAULT_DATABASE_NAME}`, undefined, true);
    }
    const embedded = await EmbeddedMongo.start({ kind: config.get('EMBEDDED_MONGO'), dataDir: persistent ? dataDir : undefined });
    if (persistent && embedded.pid) {
      const pid = embedded.pid;
      publishAddress(addressFile, { uri: embedded.uri, pid, ownerPid: process.pid, description: embedded.description });
      embedded.onStop(() => withdrawAddress(addressFile, pid));
    }
    logger.log(`Database: embedded ${embedded.description} (no MONGODB_URI set)`);
    return new DatabaseLocation(`${embedded.uri}/${DEFAULT_DATABASE_NAME}`, embedded);
  }
}

export function databaseNameOf(uri: string): string {
  // mongodb://user:pass@h1:1,h2:2/name?opts — the path after the hosts, if any.
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(uri)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE_NAME;
}

function redactCredentials(uri: string): string {
  return uri.replace(/\/\/[^@/]+@/, '//***@');
}
