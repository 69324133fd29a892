import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
// Nothing that loads the configuration is imported before MONGODB_URI points at this file's server.
import { EmbeddedMongo } from '../../libs/database/src/embedded/embedded-mongo';
import type { TestApp } from '@app/testing';
import type { TestTenant } from '../factories/tenant.factory';

const ANSWER_WITHIN_MS = 8_000; // server selection (5 s) plus the request itself

/**
 * The database stopped and restarted under load: while it is down requests fail fast with the
 * documented 500/503 shapes, the health check says so, and the app recovers by itself.
 */
describe('database outage and recovery', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-outage-'));
  let mongo: EmbeddedMongo;
  let port: number;
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    // A server of its own, on a file, so that a restart on the same port keeps the data.
    mongo = await EmbeddedMongo.start({ kind: 'java', dataDir });
    port = Number(new URL(mongo.uri).port);
    process.env.MONGODB_URI = `${mongo.uri}/outage`;
    const { createTestApp } = await import('@app/testing');
    const { createTenant } = await import('../factories/tenant.factory');
    t = await createTestApp();
    tenant = await createTenant(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mongo?.stop();
  }, 60_000);

  const timed = async (call: () => request.Test) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started };
  };

  it('fails fast with documented shapes while down, and recovers when the database returns', async () => {
    const login = () => request(t.server).post('/api/auth/login').send({ email: tenant.admin.email, password: tenant.admin.password });
    expect((await login()).status).toBe(200);
    await request(t.server).get('/api/health').expect(200);

    await mongo.stop();

    const during = await Promise.all([
      timed(() => request(t.server).get('/api/health')),
      timed(login),
      timed(() => request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${tenant.admin.apiToken}`)),
      ...Array.from({ length: 20 }, () => timed(login)),
    ]);
    const [health, ...writes] = during;
    expect(health.res.status).toBe(503);
    expect(health.res.body).toEqual({ message: 'Database unreachable' });
    for (const { res, ms } of writes) {
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      if (res.status === 200) continue; // a cached token needs no database
      expect([500, 503]).toContain(res.status);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(JSON.stringify(res.body)).not.toMatch(/Mongo|ECONNREFUSED|127\.0\.0\.1/);
    }
    expect(writes.filter(({ res }) => res.status >= 500).length).toBeGreaterThan(15);

    mongo = await EmbeddedMongo.start({ kind: 'java', dataDir, port });

    const deadline = Date.now() + 60_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = (await request(t.server).get('/api/health')).status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(healthy).toBe(true);
    expect((await login()).status).toBe(200);
  }, 150_000);
});
