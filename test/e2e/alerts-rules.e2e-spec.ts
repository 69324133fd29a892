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
  const valid = () => ({
    name: 'Exceso de velocidad',
    eventTypes: ['speeding.start'],
    severity: 'critical',
    recipients: { userIds: [tenant.admin.user._id.toHexString()], emails: ['Turno@Example.com'] },
  });

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

    const changed = (
      await request(t.server).patch(`/api/alert-rules/${created.id}`).set(auth()).send({ enabled: false, schedule: null, minDurationSeconds: 60 }).expect(200)
    ).body.data;
    expect(changed).toMatchObject({ enabled: false, schedule: null, minDurationSeconds: 60, name: 'Exceso de velocidad' });
    expect((await request(t.server).get('/api/alert-rules?enabled=false').set(auth()).expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([
      created.id,
    ]);
    await request(t.server).patch(`/api/alert-rules/${created.id}`).set(auth()).send({}).expect(400);

    expect((await request(t.server).delete(`/api/alert-rules/${created.id}`).set(auth()).expect(200)).body.data).toEqual({ id: created.id });
    await request(t.server).get(`/api/alert-rules/${created.id}`).set(auth()).expect(404);

    const log = (await request(t.server).get('/api/activity-log?limit=20').set(auth()).expect(200)).body.data as Array<{ action: string; resourceId: string }>;
    expect(
      log
        .filter((e) => e.resourceId === created.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['alert-rule.create', 'alert-rule.delete', 'alert-rule.update']);
  });

  it('refuses what is not a rule: 400 naming the field', async () => {
    const otherAsset = await addAsset(t, other.clientId);
    const otherGeofence = (
      await request(t.server)
        .post('/api/geofences')
        .set(auth(other.admin.token))
        .send({ name: 'Ajena', geometry: { type: 'Point', coordinates: [-70, -33] }, radiusM: 100 })
        .expect(201)
    ).body.data.id;
    const otherGroup = (await request(t.server).post('/api/asset-groups').set(auth(other.admin.token)).send({ name: 'Ajeno' }).expect(201)).body.data.id;
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
      // Shape A, the message naming the field first ("field: why" or "field must …").
      expect([res.status, field, res.body]).toEqual([400, field, { error: expect.stringMatching(new RegExp(`(^|[ .])${field}( |:|\\.|$)`)) }]);
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

  it('lets a user who sees only some trackers mail outside addresses only of their own assets, named one by one: 403 otherwise, nothing changed', async () => {
    const mine = await addAsset(t, tenant.clientId);
    const theirs = await addAsset(t, tenant.clientId);
    const limited = await tenant.addUser({ trackerIds: [mine.trackerId] });
    const outside = { userIds: [], emails: ['me@elsewhere.example'] };
    const refused = async (call: request.Test) =>
      expect((await call.expect(403)).body.error).toContain('outside addresses (recipients.emails) only of assets they see');
    const rulesBefore = (await request(t.server).get('/api/alert-rules?limit=200').set(auth()).expect(200)).body.data;

    await refused(create({ ...valid(), recipients: outside }, limited.token));
    await refused(
      create(
        {
          ...valid(),
          recipients: outside,
          allAssets: false,
          groupIds: [
            (
              await request(t.server)
                .post('/api/asset-groups')
                .set(auth())
                .send({ name: `Todos ${mine.vendorId}` })
                .expect(201)
            ).body.data.id,
          ],
        },
        limited.token,
      ),
    );
    expect((await request(t.server).get('/api/alert-rules?limit=200').set(auth()).expect(200)).body.data).toEqual(rulesBefore);
    // Their own asset by name, or users only (each told only of what they see): allowed.
    await create({ ...valid(), recipients: outside, allAssets: false, assetIds: [mine.assetId] }, limited.token).expect(201);
    await create({ ...valid(), recipients: { userIds: [limited.user._id.toHexString()] } }, limited.token).expect(201);

    // A rule of someone who sees everything: not turned toward an address of theirs, nor a name change while it mails addresses.
    const wide = (await create({ ...valid(), recipients: { userIds: [], emails: ['turno@example.com'] } }).expect(201)).body.data;
    const narrow = (
      await create({ ...valid(), allAssets: false, assetIds: [theirs.assetId], recipients: { userIds: [tenant.admin.user._id.toHexString()] } }).expect(201)
    ).body.data;
    await refused(request(t.server).patch(`/api/alert-rules/${wide.id}`).set(auth(limited.token)).send({ name: 'Mía' }));
    await refused(request(t.server).patch(`/api/alert-rules/${narrow.id}`).set(auth(limited.token)).send({ recipients: outside }));
    expect((await request(t.server).get(`/api/alert-rules/${wide.id}`).set(auth()).expect(200)).body.data).toEqual(wide);
    expect((await request(t.server).get(`/api/alert-rules/${narrow.id}`).set(auth()).expect(200)).body.data).toEqual(narrow);
    await request(t.server).patch(`/api/alert-rules/${narrow.id}`).set(auth(limited.token)).send({ name: 'Sin direcciones' }).expect(200);
  });
});
