import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

/** Alert rules through HTTP on the real database: CRUD, validation, scope, permissions, the activity log. */
describe('alert rules (/api/alert-rules)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const create = (body: object, token = tenant.admin.token) => request(t.server).post('/api/alert-rules').set(auth(token)).send(body);
  const valid = () => ({ name: 'Exceso de velocidad', eventTypes: ['speeding.start'], severity: 'critical', recipients: { userIds: [tenant.admin.user._id.toHexString()], emails: ['Turno@Example.com'] } });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates, reads, lists (cursor pages, newest first), changes and deletes a rule, each in the activity log', async () => {
    const created = (await create({ ...valid(), schedule: { days: ['mon', 'fri'], from: '20:00', to: '06:00' }, cooldownSeconds: 900 }).expect(201)).body.data;
    expect(created).toMatchObject({
      name: 'Exceso de velocidad',
      enabled: true,
      eventTypes: ['speeding.start'],
      allAssets: true,
      assetIds: [],
      groupIds: [],
      geofenceIds: [],
      schedule: { timeZone: 'America/Santiago', days: ['mon', 'fri'], from: '20:00', to: '06:00' },
      minDurationSeconds: 0,
      cooldownSeconds: 900,
      severity: 'critical',
      recipients: { userIds: [tenant.admin.user._id.toHexString()], emails: ['turno@example.com'] },
    });
    expect((await request(t.server).get(`/api/alert-rules/${created.id}`).set(auth()).expect(200)).body.data).toEqual(created);

    const second = (await create({ name: 'Frío', eventTypes: ['temperature.out_of_range'], schedule: null }).expect(201)).body.data;
    const page1 = await request(t.server).get('/api/alert-rules?limit=1').set(auth()).expect(200);
    expect(page1.body.data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const page2 = await request(t.server).get(`/api/alert-rules?limit=1&cursor=${page1.body.page.nextCursor}`).set(auth()).expect(200);
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([created.id]);
    expect((await request(t.server).get('/api/alert-rules?q=frí').set(auth()).expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([second.id]);

    const changed = (await request(t.server).patch(`/api/alert-rules/${created.id}`).set(auth()).send({ enabled: false, schedule: null, minDurationSeconds: 60 }).expect(200)).body.data;
    expect(changed).toMatchObject({ enabled: false, schedule: null, minDurationSeconds: 60, name: 'Exceso de velocidad' });
    expect((await request(t.server).get('/api/alert-rules?enabled=false').set(auth()).expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([created.id]);
    await request(t.server).patch(`/api/alert-rules/${created.id}`).set(auth()).send({}).expect(400);

    expect((await request(t.server).delete(`/api/alert-rules/${created.id}`).set(auth()).expect(200)).body.data).toEqual({ id: created.id });
    await request(t.server).get(`/api/alert-rules/${created.id}`).set(auth()).expect(404);

    const log = (await request(t.server).get('/api/activity-log?limit=20').set(auth()).expect(200)).body.data as Array<{ action: string; resourceId: string }>;
    expect(log.filter((e) => e.resourceId === created.id).map((e) => e.action).sort()).toEqual(['alert-rule.create', 'alert-rule.delete', 'alert-rule.update']);
  });

  it('refuses what is not a rule: 400 naming the field', async () => {
    const otherAsset = await addAsset(t, other.clientId);
    const otherGeofence = (await request(t.server).post('/api/geofences').set(auth(other.admin.token)).send({ name: 'Ajena', geometry: { type: 'Point', coordinates: [-70, -33] }, radiusM: 100 }).expect(201)).body.data.id;
    const otherGroup = (await request(t.server).post('/api/asset-groups').set(auth(other.admin.token)).send({ name: 'Ajeno' })).body.data?.id ?? new Types.ObjectId().toHexString();
    const bad: Array<[object, string]> = [
      [{ eventTypes: ['speeding.begin'] }, 'eventTypes'],
      [{ eventTypes: [] }, 'eventTypes'],
      [{ recipients: { userIds: [other.admin.user._id.toHexString()] } }, 'recipients.userIds'],
      [{ recipients: { userIds: [new Types.ObjectId().toHexString()] } }, 'recipients.userIds'],
      [{ recipients: { emails: ['not-an-address'] } }, 'emails'],
      [{ allAssets: false, assetIds: [otherAsset.assetId] }, 'assetIds'],
      [{ allAssets: false, groupIds: [otherGroup] }, 'groupIds'],
      [{ geofenceIds: [otherGeofence] }, 'geofenceIds'],
      [{ schedule: { days: ['mon'], from: '08:00', to: '08:00' } }, 'to'],
      [{ schedule: { days: ['mon'], from: '8:00', to: '18:00' } }, 'from'],
      [{ schedule: { days: ['mon'], from: '08:00', to: '24:00' } }, 'to'],
      [{ schedule: { days: ['monday'], from: '08:00', to: '18:00' } }, 'days'],
      [{ schedule: { days: [], from: '08:00', to: '18:00' } }, 'days'],
      [{ schedule: { timeZone: 'Mars/Olympus', days: ['mon'], from: '08:00', to: '18:00' } }, 'timeZone'],
      [{ severity: 'urgent' }, 'severity'],
      [{ minDurationSeconds: -1 }, 'minDurationSeconds'],
      [{ cooldownSeconds: 1.5 }, 'cooldownSeconds'],
      [{ unknown: true }, 'unknown'],
    ];
    for (const [change, field] of bad) {
      const res = await create({ ...valid(), ...change });
      expect([res.status, field, JSON.stringify(res.body)]).toEqual([400, field, expect.stringContaining(field)]);
    }
  });

  it('answers another client’s rule as a missing one; 401 without a credential, 403 without access_alerts', async () => {
    const id = (await create(valid()).expect(201)).body.data.id;
    await request(t.server).get(`/api/alert-rules/${id}`).set(auth(other.admin.token)).expect(404);
    await request(t.server).patch(`/api/alert-rules/${id}`).set(auth(other.admin.token)).send({ name: 'Robada' }).expect(404);
    await request(t.server).delete(`/api/alert-rules/${id}`).set(auth(other.admin.token)).expect(404);
    expect((await request(t.server).get('/api/alert-rules').set(auth(other.admin.token)).expect(200)).body.data).toEqual([]);
    await request(t.server).get('/api/alert-rules').expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await request(t.server).get('/api/alert-rules').set(auth(viewer.token)).expect(403);
    await create(valid(), viewer.token).expect(403);
  });
});
