import type { EmbeddedMongo } from '../../libs/database/src/embedded/embedded-mongo';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __FLEET_TEST_MONGO__?: EmbeddedMongo }).__FLEET_TEST_MONGO__?.stop();
}
