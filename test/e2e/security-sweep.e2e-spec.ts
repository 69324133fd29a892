import { Types } from 'mongoose';
import request from 'supertest';
import type { TestApp } from '@app/testing';
import type { DemoManifest } from '../../src/seed/demo-manifest';
import { createDemoTestApp, DemoTestApp } from '../support/demo-app';
import { isDocumentedErrorBody, postponeDelayedOpenings, sendAs, snapshotDatabase, SweepRequest, validRequests } from './security/security-fixtures';

const UNKNOWN_ID = new Types.ObjectId().toHexString();

/** Another client's record must read exactly like a record that does not exist. */
const CROSS_TENANT: { route: string; foreign: (acme: DemoManifest['clients']['acme']) => SweepRequest; unknown: SweepRequest }[] = [
  {
    route: 'GET /api/drivers/:id',
    foreign: (c) => get(`/api/drivers/${(c.drivers as { existing: { id: string } }).existing.id}`),
    unknown: get(`/api/drivers/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/drivers/:id',
    foreign: (c) => patch(`/api/drivers/${(c.drivers as { existing: { id: string } }).existing.id}`, { lastName: 'hijacked' }),
    unknown: patch(`/api/drivers/${UNKNOWN_ID}`, { lastName: 'hijacked' }),
  },
  {
    route: 'DELETE /api/drivers/:id',
    foreign: (c) => del(`/api/drivers/${(c.drivers as { existing: { id: string } }).existing.id}`),
    unknown: del(`/api/drivers/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/users/:id/change-password',
    foreign: (c) => patch(`/api/users/${c.users.operator.id}/change-password`, { password: 'another long password 1' }),
    unknown: patch(`/api/users/${UNKNOWN_ID}/change-password`, { password: 'another long password 1' }),
  },
  { route: 'GET /api/users/:id', foreign: (c) => get(`/api/users/${c.users.operator.id}`), unknown: get(`/api/users/${UNKNOWN_ID}`) },
  {
    route: 'PATCH /api/users/:id',
    foreign: (c) => patch(`/api/users/${c.users.viewer.id}`, { name: 'hijacked' }),
    unknown: patch(`/api/users/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  {
    route: 'GET /api/roles/:id',
    foreign: (c) => get(`/api/roles/${(c.roles as { viewer: { id: string } }).viewer.id}`),
    unknown: get(`/api/roles/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/roles/:id',
    foreign: (c) => patch(`/api/roles/${(c.roles as { viewer: { id: string } }).viewer.id}`, { name: 'hijacked' }),
    unknown: patch(`/api/roles/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  {
    route: 'DELETE /api/roles/:id',
    foreign: (c) => ({ ...get(`/api/roles/${(c.roles as { viewer: { id: string } }).viewer.id}`), method: 'delete', writes: true }),
    unknown: { ...get(`/api/roles/${UNKNOWN_ID}`), method: 'delete', writes: true },
  },
  { route: 'GET /api/partner/:userId', foreign: (c) => get(`/api/partner/${c.users.admin.id}`), unknown: get(`/api/partner/${UNKNOWN_ID}`) },
  { route: 'GET /api/activity-log/:id', foreign: (c) => get(`/api/activity-log/${c.activityEvent}`), unknown: get(`/api/activity-log/${UNKNOWN_ID}`) },
  {
    route: 'GET /api/trips/:vendorId/trip/:tripId',
    foreign: (c) => {
      const trip = c.trip as { vendorId: number; tripId: number };
      return get(`/api/trips/${trip.vendorId}/trip/${trip.tripId}`);
    },
    unknown: get('/api/trips/999999999/trip/999999999'),
  },
  {
    route: 'GET /api/inspections/scan/:code (QR)',
    foreign: (c) => get(`/api/inspections/scan/${(c.qrCodes as { valid: string }).valid}`),
    unknown: get('/api/inspections/scan/ZZZZZZZZ'),
  },
  {
    route: 'GET /api/inspections/scan/:code (asset)',
    foreign: (c) => get(`/api/inspections/scan/${c.assets.tracked}`),
    unknown: get(`/api/inspections/scan/${UNKNOWN_ID}`),
  },
  {
    route: 'POST /api/maintenance/work-orders/:id/forms',
    foreign: (c) => post(`/api/maintenance/work-orders/${c.workOrder}/forms`, { formId: (c.forms as { active: string }).active, answers: [] }),
    unknown: post(`/api/maintenance/work-orders/${UNKNOWN_ID}/forms`, { formId: UNKNOWN_ID, answers: [] }),
  },
  { route: 'GET /api/uploads/:id', foreign: (c) => get(`/api/uploads/${(c.uploads as { photo: string }).photo}`), unknown: get(`/api/uploads/${UNKNOWN_ID}`) },
  {
    route: 'GET /api/inspections/:id',
    foreign: (c) => get(`/api/inspections/${(c.inspections as { critical: string }).critical}`),
    unknown: get(`/api/inspections/${UNKNOWN_ID}`),
  },
  {
    route: 'GET /api/dynamic-forms/:id',
    foreign: (c) => get(`/api/dynamic-forms/${(c.forms as { active: string }).active}`),
    unknown: get(`/api/dynamic-forms/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/dynamic-forms/:id',
    foreign: (c) => patch(`/api/dynamic-forms/${(c.forms as { active: string }).active}`, { description: 'hijacked' }),
    unknown: patch(`/api/dynamic-forms/${UNKNOWN_ID}`, { description: 'hijacked' }),
  },
  {
    route: 'GET /api/maintenance/work-orders/:id',
    foreign: (c) => get(`/api/maintenance/work-orders/${c.workOrder}`),
    unknown: get(`/api/maintenance/work-orders/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/maintenance/work-orders/:id',
    foreign: (c) => patch(`/api/maintenance/work-orders/${c.workOrder}`, { title: 'hijacked' }),
    unknown: patch(`/api/maintenance/work-orders/${UNKNOWN_ID}`, { title: 'hijacked' }),
  },
  {
    route: 'POST /api/maintenance/work-orders/:id/transitions',
    foreign: (c) => post(`/api/maintenance/work-orders/${c.workOrder}/transitions`, { to: 'cancelled', note: 'hijacked' }),
    unknown: post(`/api/maintenance/work-orders/${UNKNOWN_ID}/transitions`, { to: 'cancelled', note: 'hijacked' }),
  },
  {
    route: 'PATCH /api/fuel-tariffs/:fuelTariffId',
    foreign: (c) => patch(`/api/fuel-tariffs/${c.fuelTariff}`, { name: 'hijacked' }),
    unknown: patch(`/api/fuel-tariffs/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  { route: 'GET /api/assets/:id', foreign: (c) => get(`/api/assets/${c.assets.tracked}`), unknown: get(`/api/assets/${UNKNOWN_ID}`) },
  {
    route: 'PATCH /api/assets/:id',
    foreign: (c) => patch(`/api/assets/${c.assets.tracked}`, { kind: 'van' }),
    unknown: patch(`/api/assets/${UNKNOWN_ID}`, { kind: 'van' }),
  },
  {
    route: 'GET /api/asset-groups/:id',
    foreign: (c) => get(`/api/asset-groups/${(c.assetGroups as { refrigerated: string }).refrigerated}`),
    unknown: get(`/api/asset-groups/${UNKNOWN_ID}`),
  },
  {
    route: 'GET /api/trackers/:id',
    foreign: (c) => get(`/api/trackers/${(c.trackers as { tracked: string }).tracked}`),
    unknown: get(`/api/trackers/${UNKNOWN_ID}`),
  },
  {
    route: 'GET /api/assets/:id/qr-codes',
    foreign: (c) => get(`/api/assets/${c.assets.tracked}/qr-codes`),
    unknown: get(`/api/assets/${UNKNOWN_ID}/qr-codes`),
  },
  {
    route: 'GET /api/cargo/ubicaciones/:id',
    foreign: (c) => get(`/api/cargo/ubicaciones/${c.cargoLocation}`),
    unknown: get(`/api/cargo/ubicaciones/${UNKNOWN_ID}`),
  },
  {
    route: 'GET /api/alert-rules/:id',
    foreign: (c) => get(`/api/alert-rules/${(c.alertRules as { speeding: string }).speeding}`),
    unknown: get(`/api/alert-rules/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/alert-rules/:id',
    foreign: (c) => patch(`/api/alert-rules/${(c.alertRules as { speeding: string }).speeding}`, { name: 'hijacked' }),
    unknown: patch(`/api/alert-rules/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  {
    route: 'DELETE /api/alert-rules/:id',
    foreign: (c) => del(`/api/alert-rules/${(c.alertRules as { speeding: string }).speeding}`),
    unknown: del(`/api/alert-rules/${UNKNOWN_ID}`),
  },
  { route: 'GET /api/alerts/:id', foreign: (c) => get(`/api/alerts/${(c.alerts as { example: string }).example}`), unknown: get(`/api/alerts/${UNKNOWN_ID}`) },
  {
    route: 'POST /api/alerts/:id/acknowledge',
    foreign: (c) => post(`/api/alerts/${(c.alerts as { example: string }).example}/acknowledge`, { comment: 'hijacked' }),
    unknown: post(`/api/alerts/${UNKNOWN_ID}/acknowledge`, { comment: 'hijacked' }),
  },
  {
    route: 'POST /api/alerts/:id/resolve',
    foreign: (c) => post(`/api/alerts/${(c.alerts as { example: string }).example}/resolve`, { comment: 'hijacked' }),
    unknown: post(`/api/alerts/${UNKNOWN_ID}/resolve`, { comment: 'hijacked' }),
  },
  {
    route: 'POST /api/notifications/:id/read',
    foreign: (c) => post(`/api/notifications/${(c.notifications as { example: string }).example}/read`, {}),
    unknown: post(`/api/notifications/${UNKNOWN_ID}/read`, {}),
  },
  {
    route: 'GET /api/fuel/refuels/:id',
    foreign: (c) => get(`/api/fuel/refuels/${(c.refuels as { anomalous: string }).anomalous}`),
    unknown: get(`/api/fuel/refuels/${UNKNOWN_ID}`),
  },
  {
    route: 'GET /api/maintenance/service-plans/:id',
    foreign: (c) => get(`/api/maintenance/service-plans/${plan(c)}`),
    unknown: get(`/api/maintenance/service-plans/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/maintenance/service-plans/:id',
    foreign: (c) => patch(`/api/maintenance/service-plans/${plan(c)}`, { name: 'hijacked' }),
    unknown: patch(`/api/maintenance/service-plans/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  {
    route: 'GET /api/maintenance/service-plans/:id/services',
    foreign: (c) => get(`/api/maintenance/service-plans/${plan(c)}/services`),
    unknown: get(`/api/maintenance/service-plans/${UNKNOWN_ID}/services`),
  },
  { route: 'GET /api/assets/:id/meters', foreign: (c) => get(`/api/assets/${c.assets.tracked}/meters`), unknown: get(`/api/assets/${UNKNOWN_ID}/meters`) },
  {
    route: 'GET /api/assets/:id/meter-readings',
    foreign: (c) => get(`/api/assets/${c.assets.tracked}/meter-readings`),
    unknown: get(`/api/assets/${UNKNOWN_ID}/meter-readings`),
  },
  { route: 'GET /api/scheduled-reports/:id', foreign: (c) => get(`/api/scheduled-reports/${report(c)}`), unknown: get(`/api/scheduled-reports/${UNKNOWN_ID}`) },
  {
    route: 'PATCH /api/scheduled-reports/:id',
    foreign: (c) => patch(`/api/scheduled-reports/${report(c)}`, { name: 'hijacked' }),
    unknown: patch(`/api/scheduled-reports/${UNKNOWN_ID}`, { name: 'hijacked' }),
  },
  {
    route: 'POST /api/scheduled-reports/:id/run',
    foreign: (c) => post(`/api/scheduled-reports/${report(c)}/run`, {}),
    unknown: post(`/api/scheduled-reports/${UNKNOWN_ID}/run`, {}),
  },
  {
    route: 'GET /api/scheduled-reports/:id/runs',
    foreign: (c) => get(`/api/scheduled-reports/${report(c)}/runs`),
    unknown: get(`/api/scheduled-reports/${UNKNOWN_ID}/runs`),
  },
  {
    route: 'GET /api/webhook-endpoints/:id',
    foreign: (c) => get(`/api/webhook-endpoints/${hook(c).endpoint}`),
    unknown: get(`/api/webhook-endpoints/${UNKNOWN_ID}`),
  },
  {
    route: 'PATCH /api/webhook-endpoints/:id',
    foreign: (c) => patch(`/api/webhook-endpoints/${hook(c).endpoint}`, { url: 'http://127.0.0.1:9/hijacked' }),
    unknown: patch(`/api/webhook-endpoints/${UNKNOWN_ID}`, { url: 'http://127.0.0.1:9/hijacked' }),
  },
  {
    route: 'POST /api/webhook-endpoints/:id/rotate-secret',
    foreign: (c) => post(`/api/webhook-endpoints/${hook(c).endpoint}/rotate-secret`, {}),
    unknown: post(`/api/webhook-endpoints/${UNKNOWN_ID}/rotate-secret`, {}),
  },
  {
    route: 'GET /api/webhook-endpoints/:id/deliveries',
    foreign: (c) => get(`/api/webhook-endpoints/${hook(c).endpoint}/deliveries`),
    unknown: get(`/api/webhook-endpoints/${UNKNOWN_ID}/deliveries`),
  },
  {
    route: 'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    foreign: (c) => post(`/api/webhook-endpoints/${hook(c).endpoint}/deliveries/${hook(c).delivery}/redeliver`, {}),
    unknown: post(`/api/webhook-endpoints/${UNKNOWN_ID}/deliveries/${UNKNOWN_ID}/redeliver`, {}),
  },
];

const plan = (c: DemoManifest['clients']['acme']) => (c.servicePlans as { oilChange: string }).oilChange;
const report = (c: DemoManifest['clients']['acme']) => (c.scheduledReports as { daily: string }).daily;
const hook = (c: DemoManifest['clients']['acme']) => c.webhooks as { endpoint: string; delivery: string };

function get(path: string): SweepRequest {
  return { route: path, method: 'get', path, writes: false };
}
function post(path: string, body: Record<string, unknown>): SweepRequest {
  return { route: path, method: 'post', path, body, writes: true };
}
function patch(path: string, body: Record<string, unknown>): SweepRequest {
  return { route: path, method: 'patch', path, body, writes: true };
}
function del(path: string): SweepRequest {
  return { route: path, method: 'delete', path, writes: true };
}

function deepObject(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Routes whose every body field is optional, so an empty body is a valid request (completing a task without a form needs no proof). */
const EMPTY_BODY_ACCEPTED = new Set(['POST /api/tasks/:id/complete']);

/** Structurally invalid variants of a body: every one must be refused with a documented 4xx. */
function badBodies(route: string, body: Record<string, unknown>): { name: string; body: unknown }[] {
  const variants: { name: string; body: unknown }[] = [
    { name: 'array instead of object', body: [body] },
    { name: 'deep object', body: { ...body, [Object.keys(body)[0]]: deepObject(3000) } },
    ...(EMPTY_BODY_ACCEPTED.has(route) ? [] : [{ name: 'empty object', body: {} }]),
  ];
  for (const [key, value] of Object.entries(body)) {
    variants.push(
      { name: `${key}: wrong type`, body: { ...body, [key]: typeof value === 'number' ? '12345' : 12345 } },
      { name: `${key}: object`, body: { ...body, [key]: { nested: true } } },
      { name: `${key}: mongo operator`, body: { ...body, [key]: { $gt: '' } } },
      { name: `${key}: boolean`, body: { ...body, [key]: true } },
      { name: `${key}: huge string`, body: { ...body, [key]: 'x'.repeat(200_000) } },
      { name: `${key}: 10^5 items`, body: { ...body, [key]: Array.from({ length: 100_000 }, () => 7) } },
    );
  }
  return variants;
}

/** Routes whose DTO is `@StrictBody()`: any field beyond theirs, `__proto__` included, is a 400. */
const STRICT_BODY_ROUTES = new Set([
  'PATCH /api/users/:id/change-password',
  'POST /api/maintenance/work-orders',
  'POST /api/maintenance/work-orders/:id/forms',
  'PATCH /api/fuel-tariffs/:fuelTariffId',
  'POST /api/support/tickets',
  'POST /api/auth/login',
  'POST /api/auth/api-tokens',
  'POST /api/alert-rules',
  'PATCH /api/alert-rules/:id',
  'POST /api/alerts/:id/acknowledge',
  'POST /api/alerts/:id/resolve',
  'POST /api/webhook-endpoints',
  'PATCH /api/webhook-endpoints/:id',
]);

const BAD_IDS = ['{"$gt":""}', '%24ne', 'x'.repeat(3000), '%00', '..%2F..%2Fetc', '%F0%9F%9A%9A', 'null', '-1', '1e309'];

describe('security sweep', () => {
  let demo: DemoTestApp;
  let t: TestApp;
  let manifest: DemoManifest;
  const as = (token: string, r: SweepRequest, body?: unknown) => sendAs(t, token, r, body);

  beforeAll(async () => {
    demo = await createDemoTestApp();
    ({ t, manifest } = demo);
  }, 120_000);
  afterAll(() => demo.close());

  describe('cross-tenant matrix: another client learns nothing', () => {
    it.each(CROSS_TENANT.map((entry) => [entry.route, entry]))('%s', async (_route, entry) => {
      const intruder = manifest.clients.globex.users.admin.apiToken;
      const owner = manifest.clients.acme.users.admin.apiToken;
      const foreignRequest = entry.foreign(manifest.clients.acme);
      const foreign = await as(intruder, foreignRequest);
      const unknown = await as(intruder, entry.unknown);
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
      if (!foreignRequest.writes || entry.route.startsWith('PATCH /api/users')) return;
      // The owner reaches the same record (success, or a 400 about the body), so the 404 above is not vacuous.
      expect((await as(owner, foreignRequest)).status).not.toBe(404);
    });

    it("skips, not reveals, another client's assets in the statistics", async () => {
      const intruder = manifest.clients.globex.users.admin.apiToken;
      const acme = manifest.clients.acme;
      const res = await request(t.server)
        .post('/api/positions/stats')
        .set('Authorization', `Bearer ${intruder}`)
        .send({ assetIds: [acme.assets.tracked], from: '01/11/2026', to: '02/11/2026' })
        .expect(200);
      expect(res.body.data.assetsPositionsStats).toEqual([]);
    });
  });

  describe('bad input on every endpoint: a documented 4xx, never a 5xx, nothing written', () => {
    it('refuses structurally invalid bodies and path values', async () => {
      const token = manifest.clients.acme.users.admin.apiToken;
      await postponeDelayedOpenings(t.connection);
      const before = await snapshotDatabase(t.connection);
      const problems: string[] = [];
      for (const valid of validRequests(manifest.clients.acme)) {
        const attempts: { name: string; send: () => request.Test }[] = [];
        if (valid.body) {
          for (const variant of badBodies(valid.route, valid.body)) attempts.push({ name: variant.name, send: () => as(token, valid, variant.body) });
          const invalidUtf8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]);
          attempts.push({
            name: 'invalid UTF-8',
            send: () =>
              request(t.server)
                [valid.method](valid.path)
                .set('Authorization', `Bearer ${token}`)
                .set('Content-Type', 'application/json')
                // superagent would JSON-serialize a Buffer sent as application/json: send the bytes.
                .serialize((bytes) => bytes)
                .send(invalidUtf8),
          });
        }
        if (/\/[0-9a-fA-F]{24}(\/|$)|\/[0-9A-Z]{8}$|\/\d+\/trip\/\d+/.test(valid.path)) {
          for (const bad of BAD_IDS) {
            const path = valid.path.replace(/[0-9a-fA-F]{24}|(?<=scan\/)[0-9A-Z]{8}$|(?<=trips\/)\d+/, bad);
            attempts.push({ name: `path ${bad.slice(0, 20)}`, send: () => as(token, { ...valid, path }) });
          }
        }
        for (const attempt of attempts) {
          const res = await attempt.send();
          const label = `${valid.route} [${attempt.name}] → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
          if (res.status >= 500) problems.push(`5xx: ${label}`);
          else if (res.status >= 400 && !isDocumentedErrorBody(res.body)) problems.push(`undocumented body: ${label}`);
          else if (res.status < 400 && valid.writes) problems.push(`accepted: ${label}`);
        }
      }
      expect(problems).toEqual([]);
      expect(await snapshotDatabase(t.connection)).toEqual(before);
    }, 600_000);

    it('answers prototype-pollution keys and unicode edge cases without a 5xx or pollution', async () => {
      const token = manifest.clients.acme.users.admin.apiToken;
      const problems: string[] = [];
      const strings = [
        '\u0000',
        '\ud800',
        '\u202eevil',
        '🚚🇨🇱',
        'Ñandú Ölçü',
        'a\u0301\u0301\u0301',
        '\uFEFF',
        '${jndi:ldap://x}',
        '<script>alert(1)</script>',
      ];
      for (const valid of validRequests(manifest.clients.acme)) {
        if (!valid.body) continue;
        const variants: unknown[] = [
          JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(valid.body).slice(1)}`),
          { ...valid.body, constructor: { prototype: { polluted: true } } },
          ...strings.flatMap((s) => Object.keys(valid.body!).map((key) => ({ ...valid.body, [key]: s }))),
        ];
        for (const [index, body] of variants.entries()) {
          const res = await as(token, valid, body);
          if (res.status >= 500) problems.push(`${valid.route} ${JSON.stringify(body).slice(0, 80)} → ${res.status}`);
          // A strict body refuses the prototype keys like any other unknown field.
          if (index < 2 && STRICT_BODY_ROUTES.has(valid.route) && res.status !== 400) problems.push(`prototype key accepted: ${valid.route} → ${res.status}`);
          // A NUL is refused in every text field (the \u0000 variants come right after the two above).
          if (index >= 2 && index < 2 + Object.keys(valid.body).length && typeof Object.values(valid.body)[index - 2] === 'string' && res.status !== 400) {
            problems.push(`NUL accepted: ${valid.route} ${Object.keys(valid.body)[index - 2]} → ${res.status}`);
          }
          if (res.status >= 400 && !isDocumentedErrorBody(res.body)) problems.push(`undocumented body: ${valid.route} → ${JSON.stringify(res.body)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }, 600_000);
  });
});
