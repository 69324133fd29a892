import request from 'supertest';
import type { TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../../factories/tenant.factory';
import { fleetFixtures } from '../../factories/inspections.factory';
import { insertCustomTariff } from '../fuel-fixtures';
import { createTestAppWithPortal, TestAppWithPortal } from '../../support/app-with-portal';
import type { PortalStub } from '../../support/portal-stub';

/**
 * `__proto__`, `constructor` and `prototype` keys must not slip through a
 * `@StrictBody()` DTO (class-transformer drops them silently before the whitelist check), and a
 * non-strict body must never pollute a prototype. Bodies are sent as raw JSON strings: a JS
 * object literal would eat `__proto__`.
 */
const DANGEROUS = [
  ['__proto__', '{"x":1}'],
  ['constructor', '{"prototype":{"x":1}}'],
  ['prototype', '{"x":1}'],
] as const;

describe('strict bodies and prototype keys', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let portal: PortalStub;
  let withPortal: TestAppWithPortal;
  let assetId: string;
  let tariffId: string;

  const send = (method: 'post' | 'patch', path: string, json: string) =>
    request(t.server)[method](path).set('Authorization', `Bearer ${tenant.admin.token}`).set('Content-Type', 'application/json').send(json);
  /** The valid body's JSON with one more member, written as raw text. */
  const withKey = (body: object, key: string, value: string) => `${JSON.stringify(body).slice(0, -1)},"${key}":${value}}`;

  const routes = () => [
    {
      name: 'ticket creation',
      method: 'post' as const,
      path: '/api/support/tickets',
      body: { title: 't', description: 'd', category: 'technical' },
      written: async () => portal.requestsTo('/tickets').length,
    },
    {
      name: 'tariff edit',
      method: 'patch' as const,
      path: `/api/fuel-tariffs/${tariffId}`,
      body: { name: 'Diésel flota', pricePerLiter: 1050 },
      written: async () => t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'fuel_tariff.update' }),
    },
    {
      name: 'work-order creation',
      method: 'post' as const,
      path: '/api/maintenance/work-orders',
      body: { assetId, category: 'preventive', title: 'Oil change' },
      written: async () => t.connection.collection('work_orders').countDocuments({ clientId: tenant.clientId }),
    },
    {
      name: 'API-token creation',
      method: 'post' as const,
      path: '/api/auth/api-tokens',
      body: { name: 'ci' },
      written: async () => t.connection.collection('api_tokens').countDocuments({ clientId: tenant.clientId }),
    },
  ];

  beforeAll(async () => {
    withPortal = await createTestAppWithPortal();
    ({ t, portal } = withPortal);
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    assetId = (await fixtures.asset({ mainTrackerId: (await fixtures.tracker())._id }))._id.toHexString();
    tariffId = (await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 })).tariffId.toHexString();
  });
  afterAll(async () => {
    await withPortal.close();
  });

  it('the valid bodies are accepted (so the refusals below are about the extra key)', async () => {
    for (const route of routes()) {
      const res = await send(route.method, route.path, JSON.stringify(route.body));
      expect([route.name, res.status]).toEqual([route.name, route.method === 'post' ? 201 : 200]);
    }
  });

  it.each(DANGEROUS.map(([key, value]) => [key, value]))(
    'refuses a top-level %s key with 400 shape A on every strict route, writing nothing',
    async (key, value) => {
      for (const route of routes()) {
        const before = await route.written();
        const res = await send(route.method, route.path, withKey(route.body, key, value));
        expect([route.name, res.status, res.body]).toEqual([route.name, 400, { error: `${key} is not an accepted field` }]);
        expect([route.name, await route.written()]).toEqual([route.name, before]);
      }
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    },
  );

  it('refuses such a key nested inside a strict body too', async () => {
    const route = routes()[2];
    const res = await send(route.method, route.path, withKey({ ...route.body, title: undefined }, 'title', '{"a":{"__proto__":{"x":1}}}'));
    expect([res.status, res.body]).toEqual([400, { error: 'title.a.__proto__: __proto__ is not an accepted field' }]);
  });

  it('never pollutes a prototype through a non-strict body, which still works', async () => {
    const json = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"assetIds":["${assetId}"],"from":"01/11/2026","to":"02/11/2026"}`;
    const res = await send('post', '/api/positions/stats', json).expect(200);
    expect(res.body.data.globalStats).toBeDefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
