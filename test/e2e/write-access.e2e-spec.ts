import request from 'supertest';
import { Types } from 'mongoose';
import { WRITE_ACCESS_KEY, WRITE_RULES, type WriteAction } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { appRoutes } from '../support/app-routes';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

/** A write that the policy refuses a caller limited to some trackers, and the refusal it gives. */
interface RefusedWrite {
  route: string;
  action: WriteAction;
  send(as: TestUser): request.Test;
  refusal: string;
}

/**
 * The write side's access rules (`WRITE_RULES` in libs/auth): every write route declares the rules
 * its service consults, every rule is declared by a route, and each declared rule refuses a user
 * limited to some trackers through HTTP with the rule's reason — while the same request from a
 * user who sees every tracker is not refused by it.
 */
describe('write access: one policy for the writes a tracker scope limits', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let limited: TestUser;
  let peer: TestUser;
  let adminScheduleId: string;
  let adminRuleId: string;
  const api = () => request(t.server);
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const refusal = (action: WriteAction, subject?: never) => (WRITE_RULES[action].refusal as (s?: unknown) => string)(subject);
  const unknownId = new Types.ObjectId().toHexString();

  const writes = (): RefusedWrite[] => [
    {
      route: 'POST /api/trackers',
      action: 'trackers.register',
      send: (u) => api().post('/api/trackers').set(as(u)).send({ vendorId: 555_555, model: 'X' }),
      refusal: refusal('trackers.register'),
    },
    {
      route: 'POST /api/assets',
      action: 'assets.create_without_tracker',
      send: (u) => api().post('/api/assets').set(as(u)).send({ name: 'Sin tracker', kind: 'van' }),
      refusal: refusal('assets.create_without_tracker'),
    },
    {
      route: 'PATCH /api/assets/:id',
      action: 'assets.remove_main_tracker',
      send: (u) => api().patch(`/api/assets/${asset.assetId}`).set(as(u)).send({ mainTrackerId: null }),
      refusal: refusal('assets.remove_main_tracker'),
    },
    {
      route: 'POST /api/users',
      action: 'users.grant_all_trackers',
      send: (u) =>
        api()
          .post('/api/users')
          .set(as(u))
          .send({ email: `nuevo-${Date.now()}@fleet.test`, name: 'Nuevo', roleId: limited.user.roleId.toHexString(), trackers: 'all' }),
      refusal: refusal('users.grant_all_trackers'),
    },
    {
      route: 'PATCH /api/users/:id',
      action: 'users.act_on_other',
      send: (u) => api().patch(`/api/users/${tenant.admin.user._id.toHexString()}`).set(as(u)).send({ name: 'Otro nombre' }),
      refusal: WRITE_RULES['users.act_on_other'].refusal({ what: 'Changing another user' }),
    },
    {
      route: 'PATCH /api/users/:id',
      action: 'users.grant_all_trackers',
      send: (u) => api().patch(`/api/users/${peer.user._id.toHexString()}`).set(as(u)).send({ trackers: 'all' }),
      refusal: refusal('users.grant_all_trackers'),
    },
    {
      route: 'PATCH /api/users/:id/change-password',
      action: 'users.act_on_other',
      send: (u) => api().patch(`/api/users/${tenant.admin.user._id.toHexString()}/change-password`).set(as(u)).send({ password: 'Otra-Clave-Muy-Larga-2026' }),
      refusal: WRITE_RULES['users.act_on_other'].refusal({ what: "Changing another user's password" }),
    },
    {
      route: 'POST /api/webhook-endpoints',
      action: 'webhook_endpoints.manage',
      send: (u) =>
        api()
          .post('/api/webhook-endpoints')
          .set(as(u))
          .send({ url: 'https://hooks.example.com/fleet', eventTypes: ['alert.opened'] }),
      refusal: refusal('webhook_endpoints.manage'),
    },
    ...(['patch', 'delete'] as const).map((method) => ({
      route: `${method.toUpperCase()} /api/webhook-endpoints/:id`,
      action: 'webhook_endpoints.manage' as const,
      send: (u: TestUser) =>
        api()
          [method](`/api/webhook-endpoints/${unknownId}`)
          .set(as(u))
          .send(method === 'patch' ? { description: 'ERP' } : undefined),
      refusal: refusal('webhook_endpoints.manage'),
    })),
    {
      route: 'POST /api/webhook-endpoints/:id/rotate-secret',
      action: 'webhook_endpoints.manage',
      send: (u) => api().post(`/api/webhook-endpoints/${unknownId}/rotate-secret`).set(as(u)),
      refusal: refusal('webhook_endpoints.manage'),
    },
    ...(['patch', 'delete'] as const).map((method) => ({
      route: `${method.toUpperCase()} /api/scheduled-reports/:id`,
      action: 'scheduled_reports.change_others' as const,
      send: (u: TestUser) =>
        api()
          [method](`/api/scheduled-reports/${adminScheduleId}`)
          .set(as(u))
          .send(method === 'patch' ? { name: 'Mío ahora' } : undefined),
      refusal: refusal('scheduled_reports.change_others'),
    })),
    {
      route: 'POST /api/alert-rules',
      action: 'alert_rules.outside_addresses',
      send: (u) =>
        api()
          .post('/api/alert-rules')
          .set(as(u))
          .send({ name: 'Afuera', eventTypes: ['geofence.enter'], allAssets: true, recipients: { emails: ['fuera@example.cl'] } }),
      refusal: refusal('alert_rules.outside_addresses'),
    },
    {
      route: 'PATCH /api/alert-rules/:id',
      action: 'alert_rules.outside_addresses',
      send: (u) => api().patch(`/api/alert-rules/${adminRuleId}`).set(as(u)).send({ name: 'Afuera 2' }),
      refusal: refusal('alert_rules.outside_addresses'),
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    await addAsset(t, tenant.clientId);
    // Protected roles, so that the rules about people (a protected caller acts on others) pass and the tracker scope decides.
    limited = await tenant.addUser({ protected: true, trackerIds: [asset.trackerId] });
    peer = await tenant.addUser({ trackerIds: [asset.trackerId] });
    const admin = as(tenant.admin);
    adminScheduleId = (
      await api()
        .post('/api/scheduled-reports')
        .set(admin)
        .send({
          name: 'Del admin',
          report: 'stops',
          format: 'csv',
          params: { assetIds: [asset.assetId] },
          schedule: { frequency: 'daily', time: '07:00' },
          recipients: { emails: ['jefe@example.cl'] },
        })
        .expect(201)
    ).body.data.id;
    adminRuleId = (
      await api()
        .post('/api/alert-rules')
        .set(admin)
        .send({ name: 'Todo afuera', eventTypes: ['geofence.enter'], allAssets: true, recipients: { emails: ['fuera@example.cl'] } })
        .expect(201)
    ).body.data.id;
  }, 60_000);
  afterAll(() => t.close());

  it('every write route declares the rules it consults, and every rule is declared by a route', () => {
    const writeRoutes = appRoutes(t).filter((route) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method));
    const declared = writeRoutes.flatMap((route) => (route.metadata<WriteAction[]>(WRITE_ACCESS_KEY) ?? []).map((action) => `${route.key} ${action}`));
    expect(declared.filter((pair) => !(pair.split(' ')[2] in WRITE_RULES))).toEqual([]);
    expect(Object.keys(WRITE_RULES).filter((action) => !declared.some((pair) => pair.endsWith(` ${action}`)))).toEqual([]);
    // Each declaration is proved below by a request it refuses, and nothing else is tried.
    expect([...new Set(writes().map((write) => `${write.route} ${write.action}`))].sort()).toEqual(declared.sort());
  });

  it('refuses each declared write to a user limited to some trackers (403, the rule’s reason), and writes nothing', async () => {
    for (const write of writes()) {
      const res = await write.send(limited);
      expect([write.route, write.action, res.status, res.body.error]).toEqual([write.route, write.action, 403, write.refusal]);
    }
    expect(await t.connection.collection('trackers').countDocuments({ vendorId: 555_555 })).toBe(0);
    expect((await t.connection.collection('assets').findOne({ _id: new Types.ObjectId(asset.assetId) }))?.mainTrackerId).toEqual(asset.trackerId);
    expect((await t.connection.collection('users').findOne({ _id: tenant.admin.user._id }))?.name).toBe(tenant.admin.user.name);
    expect((await t.connection.collection('users').findOne({ _id: peer.user._id }))?.trackerScope).toMatchObject({ all: false });
    expect((await t.connection.collection('scheduled_reports').findOne({ _id: new Types.ObjectId(adminScheduleId) }))?.name).toBe('Del admin');
    expect(await t.connection.collection('alert_rules').countDocuments({ clientId: tenant.clientId, name: 'Afuera' })).toBe(0);
  });

  it('lets a user who sees every tracker make the same writes past the policy', async () => {
    for (const write of writes()) {
      const res = await write.send(tenant.admin);
      // Past the policy: done, or refused for what the request names (an id unknown to the client), never by the tracker scope.
      expect([write.route, write.action, res.status === 403 ? res.body.error : 'not refused by the scope']).toEqual([
        write.route,
        write.action,
        'not refused by the scope',
      ]);
    }
  });
});
