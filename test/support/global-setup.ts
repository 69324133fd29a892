// Relative: global setup runs outside Jest's module mapper.
import { EmbeddedMongo } from '../../libs/database/src/embedded/embedded-mongo';

/** One embedded database server for the whole run; each e2e file uses its own database on it. */
export default async function globalSetup(): Promise<void> {
  if (process.env.MONGODB_URI) {
    process.env.FLEET_TEST_MONGO_URI = process.env.MONGODB_URI.replace(/\/[^/?]*(\?.*)?$/, '');
    return;
  }
  const kind = process.env.EMBEDDED_MONGO === 'mongod' || process.env.EMBEDDED_MONGO === 'java' ? process.env.EMBEDDED_MONGO : undefined;
  const server = await EmbeddedMongo.start({ kind });
  (globalThis as { __FLEET_TEST_MONGO__?: EmbeddedMongo }).__FLEET_TEST_MONGO__ = server;
  process.env.FLEET_TEST_MONGO_URI = server.uri;
  process.stderr.write(`\nTest database: ${server.description}\n`);
}
