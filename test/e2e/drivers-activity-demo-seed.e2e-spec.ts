import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { seedDemoCommand } from '../../src/cli/commands/seed-demo.command';
import { DemoManifest } from '../../src/seed/demo-manifest';

describe('demo manifest keys drivers.existing and activityEvent', () => {
  let t: TestApp;
  let manifest: DemoManifest;
  const get = (path: string, token: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    const out = join(mkdtempSync(join(tmpdir(), 'seed-')), 'manifest.json');
    await seedDemoCommand.run(t.app, { out });
    manifest = JSON.parse(readFileSync(out, 'utf8'));
  }, 120_000);
  afterAll(() => t.close());

  it.each(['acme', 'globex'] as const)('%s: an existing driver readable by its client only', async (key) => {
    const own = manifest.clients[key];
    const other = manifest.clients[key === 'acme' ? 'globex' : 'acme'];
    const drivers = own.drivers as { existing: { id: string; rut: string } };
    const { id, rut } = drivers.existing;
    expect(drivers).toEqual({ existing: { id: expect.stringMatching(/^[0-9a-f]{24}$/), rut: expect.stringMatching(/^\d{1,8}-[\dK]$/) } });
    const res = await get(`/api/drivers/${id}`, own.users.viewer.apiToken).expect(200);
    expect(res.body.data).toMatchObject({ id, rut, clientId: own.id });
    await get(`/api/drivers/${id}`, other.users.admin.apiToken).expect(404);
  });

  it.each(['acme', 'globex'] as const)('%s: an activity event readable by its client only', async (key) => {
    const own = manifest.clients[key];
    const other = manifest.clients[key === 'acme' ? 'globex' : 'acme'];
    const res = await get(`/api/activity-log/${own.activityEvent}`, own.users.admin.sessionToken).expect(200);
    expect(res.body.data).toMatchObject({ id: own.activityEvent, clientId: own.id, action: 'driver.import' });
    await get(`/api/activity-log/${own.activityEvent}`, own.users.viewer.apiToken).expect(403);
    await get(`/api/activity-log/${own.activityEvent}`, other.users.admin.apiToken).expect(404);
  });

  it('gives the admin a partner account and the operator none', async () => {
    const acme = manifest.clients.acme;
    // No PARTNER_* configuration in the tests: an account reads "not configured", no account "not found".
    const withAccount = await get(`/api/partner/${acme.users.admin.id}`, acme.users.admin.apiToken).expect(404);
    expect(withAccount.body).toEqual({ error: 'The partner platform integration is not configured' });
    const without = await get(`/api/partner/${acme.users.operator.id}`, acme.users.operator.apiToken).expect(404);
    expect(without.body).toEqual({ error: 'Partner account not found' });
  });
});
