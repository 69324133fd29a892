import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

describe('GET /api/drivers/:id', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let driverId: string;
  const get = (id: string, token: string) => request(t.server).get(`/api/drivers/${id}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    await request(t.server)
      .post('/api/drivers/import')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({
        rows: [
          {
            row: 2,
            firstName: 'Juana',
            lastName: 'Pérez Soto',
            rut: '12345678-5',
            phone: '+56912345678',
            email: 'juana@example.cl',
            address: 'Av. Matta 100',
            city: 'Santiago',
          },
          { row: 3, firstName: 'Pedro', lastName: 'Rojas', rut: '11111111-1' },
        ],
      })
      .expect(201);
    const stored = await t.connection.collection('drivers').findOne({ clientId: tenant.clientId, rut: '12345678-5' });
    driverId = stored!._id.toHexString();
  });
  afterAll(() => t.close());

  it('answers the driver in the spec shape, with lower-case firstname and lastname', async () => {
    const res = await get(driverId, tenant.admin.token).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toEqual({
      id: driverId,
      rut: '12345678-5',
      phone: '+56912345678',
      firstname: 'Juana',
      lastname: 'Pérez Soto',
      email: 'juana@example.cl',
      address: 'Av. Matta 100',
      city: 'Santiago',
      clientId: tenant.clientId.toHexString(),
      userId: tenant.admin.user._id.toHexString(),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('leaves out the optional fields a row did not have', async () => {
    const stored = await t.connection.collection('drivers').findOne({ clientId: tenant.clientId, rut: '11111111-1' });
    const res = await get(stored!._id.toHexString(), tenant.admin.token).expect(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['clientId', 'createdAt', 'firstname', 'id', 'lastname', 'rut', 'updatedAt', 'userId']);
  });

  it("requests in flight together (read by one query) each get their own driver, and another client's is 404 among them", async () => {
    const other = await createTenant(t.app);
    await request(t.server)
      .post('/api/drivers/import')
      .set('Authorization', `Bearer ${other.admin.token}`)
      .send({ rows: [{ row: 2, firstName: 'Otro', lastName: 'Cliente', rut: '22222222-2' }] })
      .expect(201);
    const foreign = (await t.connection.collection('drivers').findOne({ clientId: other.clientId }))!._id.toHexString();
    const mine = (await t.connection.collection('drivers').find({ clientId: tenant.clientId }).toArray()).map((driver) => [
      driver._id.toHexString(),
      driver.rut,
    ]);
    const asked = [...mine, [foreign, null], ...mine, [foreign, null]];
    const answers = await Promise.all(asked.map(([id]) => get(id, tenant.admin.token)));
    answers.forEach((res, i) => {
      const rut = asked[i][1];
      if (rut) expect([res.status, res.body.data.id, res.body.data.rut]).toEqual([200, asked[i][0], rut]);
      else expect([res.status, res.body]).toEqual([404, { error: 'Driver not found' }]);
    });
    // The other client reads its own in the same way.
    await get(foreign, other.admin.token).expect(200);
  });

  it('needs only authentication: a user without permissions reads it, by bearer or cookie', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await get(driverId, viewer.token).expect(200);
    await get(driverId, viewer.apiToken).expect(200);
    await request(t.server).get(`/api/drivers/${driverId}`).set('Cookie', `fleet_session=${viewer.token}`).expect(200);
  });

  it('401 without a token and with an invalid one', async () => {
    expect((await request(t.server).get(`/api/drivers/${driverId}`).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    await get(driverId, 'atk_invalidinvalidinvalidinvalidinvalidinvalid1').expect(401);
  });

  it('404 for a driver of another client, exactly as for an unknown id', async () => {
    const other = await createTenant(t.app);
    const foreign = await get(driverId, other.admin.token).expect(404);
    const unknown = await get(new Types.ObjectId().toHexString(), tenant.admin.token).expect(404);
    expect(foreign.body).toEqual({ error: 'Driver not found' });
    expect(unknown.body).toEqual(foreign.body);
  });

  it.each(['not-an-id', '12345', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${'a'.repeat(24)}1`])('404 for the malformed id %s', async (id) => {
    expect((await get(id, tenant.admin.token).expect(404)).body).toEqual({ error: 'Driver not found' });
  });
});
