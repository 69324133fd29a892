import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

describe('GET /api/activity-log/:id', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let importEventId: string;
  const get = (id: string, token: string) => request(t.server).get(`/api/activity-log/${id}`).set('Authorization', `Bearer ${token}`);
  const eventIdOf = async (requestId: string) => {
    const event = await t.connection.collection('activity_events').findOne({ requestId });
    return event!._id.toHexString();
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    await request(t.server)
      .post('/api/drivers/import')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .set('X-Request-Id', 'activity-import')
      .set('User-Agent', 'fleet-tests/1.0')
      .send({
        rows: [
          { row: 2, firstName: 'Ana', lastName: 'Soto', rut: '12345678-5' },
          { row: 3, firstName: 'Luis', lastName: 'Mora', rut: '12345678-0' },
        ],
      })
      .expect(201);
    importEventId = await eventIdOf('activity-import');
  });
  afterAll(() => t.close());

  it("answers the full detail of an event of the caller's client", async () => {
    const res = await get(importEventId, tenant.admin.token).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        id: importEventId,
        clientId: tenant.clientId.toHexString(),
        actor: { userId: tenant.admin.user._id.toHexString(), name: tenant.admin.user.name, email: tenant.admin.email, credential: 'session' },
        action: 'driver.import',
        resourceType: 'driver',
        resourceId: null,
        summary: 'Driver import: 1 created, 1 rejected of 2 rows',
        before: null,
        after: { created: [{ row: 2, rut: '12345678-5' }] },
        details: {
          rowCount: 2,
          createdCount: 1,
          failedRows: [{ row: 3, reason: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.' }],
        },
        requestId: 'activity-import',
        ip: expect.stringMatching(/127\.0\.0\.1/),
        userAgent: 'fleet-tests/1.0',
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });

  it('shows the events of sign-in too', async () => {
    await request(t.server)
      .post('/api/auth/login')
      .set('X-Request-Id', 'activity-login')
      .send({ email: tenant.admin.email, password: tenant.admin.password })
      .expect(200);
    const res = await get(await eventIdOf('activity-login'), tenant.admin.apiToken).expect(200);
    expect(res.body.data).toMatchObject({ action: 'auth.login', resourceType: 'session', actor: { email: tenant.admin.email } });
  });

  it('403 without access_activity_log', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    expect((await get(importEventId, viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
  });

  it('401 without a token and with an invalid one', async () => {
    await request(t.server).get(`/api/activity-log/${importEventId}`).expect(401);
    await get(importEventId, 'Bearer-nonsense').expect(401);
  });

  it('404 for an event of another client, exactly as for unknown and malformed ids', async () => {
    const other = await createTenant(t.app);
    const foreign = await get(importEventId, other.admin.token).expect(404);
    expect(foreign.body).toEqual({ error: 'Activity event not found' });
    expect((await get(new Types.ObjectId().toHexString(), tenant.admin.token).expect(404)).body).toEqual(foreign.body);
    expect((await get('42', tenant.admin.token).expect(404)).body).toEqual(foreign.body);
  });
});
