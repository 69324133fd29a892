import request from 'supertest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCommand } from '../../src/cli/commands/seed-demo.command';
import type { DemoManifest } from '../../src/seed/demo-manifest';
import { createTestAppWithPortal } from './app-with-portal';
import type { PortalStub } from './portal-stub';
import type { TestApp } from './test-app';

export interface DemoTestApp {
  t: TestApp;
  portal: PortalStub;
  /** The demo seed's manifest: every demo client's users, credentials and records. */
  manifest: DemoManifest;
  close(): Promise<void>;
}

/**
 * The real app over the demo seed, with the portal and the partner platform configured, so that
 * every operation has real records to work on (the security and null sweeps, the fuzz test).
 */
export async function createDemoTestApp(): Promise<DemoTestApp> {
  process.env.PARTNER_PLATFORM_URL = 'https://partner.example.test/sso';
  process.env.PARTNER_SHARED_SECRET = 'a-test-secret-of-32-characters!!';
  const withPortal = await createTestAppWithPortal();
  const out = join(mkdtempSync(join(tmpdir(), 'demo-manifest-')), 'manifest.json');
  await seedDemoCommand.run(withPortal.t.app, { out });
  const manifest = JSON.parse(readFileSync(out, 'utf8')) as DemoManifest;
  return {
    ...withPortal,
    manifest,
    async close() {
      await withPortal.close();
      delete process.env.PARTNER_PLATFORM_URL;
      delete process.env.PARTNER_SHARED_SECRET;
    },
  };
}

/**
 * For a describe's tests: the demo app and the OpenAPI document it serves, started before all of
 * them (the seed takes a while) and closed after; read its fields inside the tests.
 */
export function demoAppWithDocument<Document>(): { t: TestApp; manifest: DemoManifest; doc: Document } {
  const suite = {} as { t: TestApp; manifest: DemoManifest; doc: Document };
  let demo: DemoTestApp;
  beforeAll(async () => {
    demo = await createDemoTestApp();
    suite.t = demo.t;
    suite.manifest = demo.manifest;
    suite.doc = (await request(demo.t.server).get('/api/docs-json').expect(200)).body;
  }, 120_000);
  afterAll(() => demo.close());
  return suite;
}
