import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { seedDemoCommand } from '../../src/cli/commands/seed-demo.command';
import { DemoManifest } from '../../src/seed/demo-manifest';

describe('seed-demo and its manifest', () => {
  let t: TestApp;
  let manifest: DemoManifest;

  beforeAll(async () => {
    t = await createTestApp();
    const out = join(mkdtempSync(join(tmpdir(), 'seed-')), 'manifest.json');
    await seedDemoCommand.run(t.app, { out });
    manifest = JSON.parse(readFileSync(out, 'utf8'));
  }, 120_000);
  afterAll(() => t.close());

  it('writes the manifest shape of DESIGN.md for two clients', () => {
    expect(manifest.version).toBe(1);
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      expect(client.id).toMatch(/^[0-9a-f]{24}$/);
      for (const user of ['admin', 'operator', 'viewer'] as const) {
        expect(client.users[user]).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          email: expect.any(String),
          password: expect.any(String),
          sessionToken: expect.stringMatching(/^sess_/),
          apiToken: expect.stringMatching(/^atk_/),
        });
      }
      expect(client.assets).toEqual({ tracked: expect.any(String), untracked: expect.any(String), outOfScope: expect.any(String) });
      expect(Number.isInteger((client.vendorIds as { tracked: number }).tracked)).toBe(true);
    }
  });

  it('gives tokens and passwords that work, with the roles and scopes DESIGN.md describes', async () => {
    const acme = manifest.clients.acme;
    for (const [key, user] of Object.entries(acme.users)) {
      for (const token of [user.sessionToken, user.apiToken]) {
        const me = await request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
        expect(me.body.data.client.id).toBe(acme.id);
        expect(me.body.data.id).toBe(user.id);
        if (key === 'admin') expect(me.body.data).toMatchObject({ role: { protected: true }, trackerScope: { all: true } });
        if (key === 'operator') {
          expect(me.body.data.role.protected).toBe(false);
          expect(me.body.data.trackerScope.all).toBe(false);
          expect(me.body.data.permissions.length).toBeGreaterThan(10);
        }
        if (key === 'viewer') expect(me.body.data).toMatchObject({ permissions: [], trackerScope: { all: true } });
      }
      await request(t.server).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    }
  });

  it('walks the inspection loop for each client: a form at version 2, a critical inspection with a photo, its work order in progress', async () => {
    for (const client of Object.values(manifest.clients)) {
      const token = client.users.admin.apiToken;
      const get = (path: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`).expect(200);
      const ids = {
        form: (client.forms as { versioned: string }).versioned,
        inspection: (client.inspections as { critical: string }).critical,
        photo: (client.uploads as { photo: string }).photo,
      };
      expect((await get(`/api/dynamic-forms/${ids.form}`)).body.data).toMatchObject({ version: 2, status: 'active' });
      const inspection = (await get(`/api/inspections/${ids.inspection}`)).body.data;
      expect(inspection).toMatchObject({ formId: ids.form, formVersion: 2, critical: true, criticalFieldIds: ['brakePads'], assetId: client.assets.tracked });
      expect(inspection.answers.find((a: { fieldId: string }) => a.fieldId === 'photos').value).toEqual([ids.photo]);
      expect(inspection.workOrderId).toBe((client.workOrders as { inProgress: string }).inProgress);
      const order = (await get(`/api/maintenance/work-orders/${inspection.workOrderId}`)).body.data;
      expect(order).toMatchObject({ status: 'in_progress', category: 'inspection', inspection: { id: ids.inspection, formVersion: 2 } });
      expect((await get(`/api/uploads/${ids.photo}`)).headers['content-type']).toContain('image/jpeg');
    }
  });

  it('ships the demo alert rules with the admin as recipient, and alerts and inbox entries from the event history', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const auth = { Authorization: `Bearer ${client.users.admin.sessionToken}` };
      const ids = client.alertRules as { depotExit: string; speeding: string; coldChain: string };
      const rules = (await request(t.server).get('/api/alert-rules?limit=10').set(auth).expect(200)).body.data as Array<{
        id: string;
        name: string;
        recipients: { userIds: string[] };
      }>;
      expect(rules.map((rule) => rule.id).sort()).toEqual(Object.values(ids).sort());
      for (const rule of rules) expect(rule.recipients.userIds).toEqual([client.users.admin.id]);
      const example = (client.alerts as { example: string | null }).example;
      expect(example).toMatch(/^[0-9a-f]{24}$/);
      expect((await request(t.server).get(`/api/alerts/${example}`).set(auth).expect(200)).body.data.assetId).toBe(client.assets.tracked);
      const inbox = (await request(t.server).get('/api/notifications?limit=5').set(auth).expect(200)).body.data as Array<{ id: string; kind: string }>;
      expect(inbox[0]).toMatchObject({ id: (client.notifications as { example: string }).example, kind: 'alert' });
    }
  });

  it('refuses to seed a database that already holds clients', async () => {
    await expect(seedDemoCommand.run(t.app, { out: join(tmpdir(), 'never.json') })).rejects.toThrow(/empty database/);
  });
  it('gives each client a demo webhook endpoint with a first test ping in its log', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const webhooks = client.webhooks as { endpoint: string; secret: string; delivery: string };
      expect(webhooks.secret).toMatch(/^whsec_/);
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const endpoint = (await request(t.server).get(`/api/webhook-endpoints/${webhooks.endpoint}`).set(auth).expect(200)).body.data;
      expect(endpoint).toMatchObject({
        enabled: true,
        url: expect.stringMatching(/\/demo-webhooks$/),
        eventTypes: expect.arrayContaining(['alert.opened', 'event.geofence.exit']),
      });
      const log = (await request(t.server).get(`/api/webhook-endpoints/${webhooks.endpoint}/deliveries`).set(auth).expect(200)).body.data;
      expect(log).toEqual([expect.objectContaining({ id: webhooks.delivery, type: 'webhook.test' })]);
    }
  });
  it('gives each client a service plan with one truck due soon and one overdue, with its work order', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const { oilChange } = client.servicePlans as { oilChange: string };
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const statuses = (await request(t.server).get(`/api/maintenance/service-status?planId=${oilChange}`).set(auth).expect(200)).body.data as Array<{
        state: string;
        assetId: string;
        workOrderId: string | null;
        remaining: { km: number | null };
      }>;
      const byState = Object.fromEntries(statuses.map((status) => [status.state, status]));
      expect(Object.keys(byState).sort()).toEqual(['due_soon', 'overdue']);
      expect(byState.due_soon.workOrderId).toBeNull();
      expect(byState.overdue.workOrderId).toEqual(expect.stringMatching(/^[0-9a-f]{24}$/));
      const order = (await request(t.server).get(`/api/maintenance/work-orders/${byState.overdue.workOrderId}`).set(auth).expect(200)).body.data;
      expect(order).toMatchObject({ assetId: byState.overdue.assetId, status: 'open' });
    }
  });
  it('gives the tracked truck a fuel profile and two refuels, one paid far over the tariff', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const { ordinary, anomalous } = client.refuels as { ordinary: string; anomalous: string };
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      expect((await request(t.server).get(`/api/assets/${client.assets.tracked}`).set(auth).expect(200)).body.data.fuel).toMatchObject({
        consumptionLPer100Km: 32,
        tankCapacityL: 400,
      });
      expect((await request(t.server).get(`/api/fuel/refuels/${ordinary}`).set(auth).expect(200)).body.data.anomalies).toEqual([]);
      expect((await request(t.server).get(`/api/fuel/refuels/${anomalous}`).set(auth).expect(200)).body.data.anomalies).toEqual(['price_mismatch']);
    }
  });
  it('gives each client places where its trucks stop, and the visits of the seeded history', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const { depot, customer } = client.places as { depot: string; customer: string };
      for (const placeId of [depot, customer]) {
        const visits = (await request(t.server).get(`/api/visits?placeId=${placeId}&limit=5`).set(auth).expect(200)).body.data as Array<{
          assetId: string;
          dwellSeconds: number;
        }>;
        expect(visits.length).toBeGreaterThan(0);
        expect(visits.every((visit) => visit.dwellSeconds >= 180)).toBe(true);
      }
    }
  });

  it('puts a driver at the wheel of each client’s first vehicle and gives it today’s route of tasks at its customers, its trips labelled with the driver', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const routeId = (client.routes as { today: string }).today;
      const route = (await request(t.server).get(`/api/routes/${routeId}`).set(auth).expect(200)).body.data;
      expect(route).toMatchObject({ assetId: client.assets.tracked, driverId: expect.any(String) });
      expect(route.stops.length).toBeGreaterThan(1);
      const tasks = await Promise.all(
        route.stops.map(async (stop: { taskId: string }) => (await request(t.server).get(`/api/tasks/${stop.taskId}`).set(auth).expect(200)).body.data),
      );
      expect(tasks.every((task: { assetId: string; placeId: string }) => task.assetId === client.assets.tracked && task.placeId)).toBe(true);
      const assignments = (await request(t.server).get(`/api/assets/${client.assets.tracked}/driver-assignments`).set(auth).expect(200)).body.data;
      expect(assignments).toEqual([expect.objectContaining({ driverId: route.driverId, source: 'manual', to: null })]);
      const { vendorId, tripId } = client.trip as { vendorId: number; tripId: number };
      const trip = (await request(t.server).get(`/api/trips/${vendorId}/trip/${tripId}`).set(auth).expect(200)).body.data;
      expect(trip).toMatchObject({ assetId: client.assets.tracked, driverId: route.driverId, driverName: expect.any(String) });
    }
  });

  it('gives each client a daily scheduled report of yesterday’s activity to its admin', async () => {
    for (const key of ['acme', 'globex'] as const) {
      const client = manifest.clients[key];
      const { daily } = client.scheduledReports as { daily: string };
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const report = (await request(t.server).get(`/api/scheduled-reports/${daily}`).set(auth).expect(200)).body.data;
      expect(report).toMatchObject({
        report: 'activity',
        format: 'csv',
        enabled: true,
        schedule: { frequency: 'daily', time: '07:00' },
        recipients: { userIds: [client.users.admin.id] },
      });
      expect(new Date(report.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    }
  });
});
