import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { rutOf } from '../factories/driver-sheet.factory';

describe('drivers: list, create, edit, archive', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, token = tenant.admin.token) =>
    request(t.server)[method](path).set('Authorization', `Bearer ${token}`);
  const create = (body: Record<string, unknown>, token = tenant.admin.token) => call('post', '/api/drivers', token).send(body);
  const count = () => t.connection.collection('drivers').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    await call('post', '/api/drivers/import')
      .send({
        rows: [
          { row: 2, firstName: 'José', lastName: 'Muñoz', rut: '12.345.678-5', email: 'jose.munoz@example.cl', city: 'Ñuñoa' },
          { row: 3, firstName: 'María José', lastName: 'Pérez', rut: rutOf(9_876_543), city: 'Santiago' },
          { row: 4, firstName: 'Pedro', lastName: 'Jofré', rut: rutOf(15_555_555), email: 'pjofre@example.cl', city: 'santiago' },
        ],
      })
      .expect(201);
  });
  afterAll(() => t.close());

  it("creates a driver with the import row's rules, and records it", async () => {
    const res = await create({
      firstName: ' Ana ',
      lastName: 'Soto',
      rut: '10.000.013-k',
      phone: '+56 9 1111 2222',
      email: 'ANA@EXAMPLE.CL',
      city: 'Valparaíso',
    }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      rut: '10000013-K',
      phone: '+56911112222',
      firstname: 'Ana',
      lastname: 'Soto',
      email: 'ana@example.cl',
      city: 'Valparaíso',
      clientId: tenant.clientId.toHexString(),
      userId: tenant.admin.user._id.toHexString(),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('get', `/api/drivers/${res.body.data.id}`).expect(200)).body.data).toEqual(res.body.data);
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, action: 'driver.create' });
    expect(event).toMatchObject({ resourceType: 'driver', resourceId: res.body.data.id, after: { rut: '10000013-K' } });
  });

  it('refuses bad input with 400 and a registered RUT with 409, writing nothing', async () => {
    const before = await count();
    const bad = [
      {},
      { firstName: 'A', lastName: 'B' },
      { firstName: 'A', lastName: 'B', rut: 12345678 },
      { firstName: 'A', lastName: 'B', rut: '12345678-0' },
      { firstName: 'A', lastName: 'B', rut: rutOf(3_000_001), email: 'nope' },
      { firstName: 'A', lastName: 'B', rut: rutOf(3_000_001), phone: '12' },
      { firstName: 'A', lastName: 'B', rut: rutOf(3_000_001), clientId: new Types.ObjectId().toHexString() },
      { firstName: 'x'.repeat(101), lastName: 'B', rut: rutOf(3_000_001) },
    ];
    for (const body of bad) expect([body, (await create(body)).status]).toEqual([body, 400]);
    expect((await create({ firstName: 'A', lastName: 'B', rut: '12345678-0' })).body).toEqual({
      error: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.',
    });
    expect((await create({ firstName: 'Otra', lastName: 'Vez', rut: '12345678-5' }).expect(409)).body).toEqual({
      error: 'A driver with RUT 12345678-5 is already registered.',
    });
    expect(await count()).toBe(before);
  });

  it('lists newest first with cursor pages, q on names (case and accents aside), RUT with or without dots, email; city', async () => {
    const ruts = async (query: string) => (await call('get', `/api/drivers${query}`).expect(200)).body.data.map((d: { rut: string }) => d.rut);
    const all = await ruts('');
    expect(all.slice(-3)).toEqual([rutOf(15_555_555), rutOf(9_876_543), '12345678-5']);
    expect(await ruts('?q=jose')).toEqual(['12345678-5']);
    expect(await ruts('?q=MARIA%20JO')).toEqual([rutOf(9_876_543)]);
    expect(await ruts('?q=munoz')).toEqual(['12345678-5']);
    expect(await ruts('?q=12.345')).toEqual(['12345678-5']);
    expect(await ruts('?q=12345678-5')).toEqual(['12345678-5']);
    expect(await ruts('?q=PJOFRE@')).toEqual([rutOf(15_555_555)]);
    expect(await ruts('?q=.*')).toEqual([]);
    expect(await ruts('?city=SANTIAGO')).toEqual([rutOf(15_555_555), rutOf(9_876_543)]);
    expect(await ruts('?city=nunoa&q=jos')).toEqual(['12345678-5']);

    const first = await call('get', '/api/drivers?limit=2').expect(200);
    expect(first.body.data).toHaveLength(2);
    const second = await call('get', `/api/drivers?limit=2&cursor=${first.body.page.nextCursor}`).expect(200);
    expect([...first.body.data, ...second.body.data].map((d: { rut: string }) => d.rut)).toEqual(all.slice(0, 4));

    for (const query of ['?limit=0', '?limit=x', '?status=gone', '?cursor=bad!', '?unknown=1', `?q=${'a'.repeat(101)}`, '?cursor=eyJrIjoiX2lkIn0']) {
      expect([query, (await call('get', `/api/drivers${query}`)).status]).toEqual([query, 400]);
    }
  });

  it('edits a driver: partial, null clears, a RUT change re-checks uniqueness (409), immutable fields 400', async () => {
    const id = (await create({ firstName: 'Carla', lastName: 'Reyes', rut: rutOf(4_000_001), phone: '+56922223333', city: 'Temuco' }).expect(201)).body.data.id;
    const res = await call('patch', `/api/drivers/${id}`)
      .send({ lastName: 'Reyes Díaz', phone: null, email: 'CARLA@EXAMPLE.CL', rut: '4.000.002-' + rutOf(4_000_002).slice(-1) })
      .expect(200);
    expect(res.body.data).toMatchObject({ firstname: 'Carla', lastname: 'Reyes Díaz', email: 'carla@example.cl', rut: rutOf(4_000_002), city: 'Temuco' });
    expect(res.body.data.phone).toBeUndefined();
    expect((await call('get', '/api/drivers?q=reyes%20d').expect(200)).body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await call('get', '/api/drivers?q=carla%20reyes%20d').expect(200)).body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await call('patch', `/api/drivers/${id}`).send({ rut: '12345678-5' }).expect(409)).body).toEqual({
      error: 'A driver with RUT 12345678-5 is already registered.',
    });
    for (const body of [{}, { clientId: 'x' }, { userId: 'x' }, { createdAt: '2020-01-01' }, { rut: 'abc' }, { firstName: '' }, { archived: 'yes' }]) {
      expect([body, (await call('patch', `/api/drivers/${id}`).send(body)).status]).toEqual([body, 400]);
    }
    expect((await call('get', `/api/drivers/${id}`).expect(200)).body.data.rut).toBe(rutOf(4_000_002));
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, action: 'driver.update', resourceId: id });
    expect(event).toMatchObject({ before: { lastname: 'Reyes', phone: '+56922223333' }, after: { lastname: 'Reyes Díaz' } });
  });

  it('archives instead of erasing: out of the list, still readable, RUT kept (409 names it), restorable', async () => {
    const id = (await create({ firstName: 'Rosa', lastName: 'Vidal', rut: rutOf(5_000_001) }).expect(201)).body.data.id;
    expect((await call('delete', `/api/drivers/${id}`).expect(200)).body).toEqual({ status: 'success', data: { id } });
    expect((await call('delete', `/api/drivers/${id}`).expect(200)).body.data).toEqual({ id });
    expect((await call('get', `/api/drivers/${id}`).expect(200)).body.data.archivedAt).toMatch(/^\d{4}-/);
    const ids = async (query: string) => (await call('get', `/api/drivers${query}`).expect(200)).body.data.map((d: { id: string }) => d.id);
    expect(await ids('?q=rosa')).toEqual([]);
    expect(await ids('?q=rosa&status=archived')).toEqual([id]);
    expect(await ids('?q=rosa&status=all')).toEqual([id]);
    const conflict = await create({ firstName: 'Rosa', lastName: 'Vidal', rut: rutOf(5_000_001) }).expect(409);
    expect(conflict.body.error).toBe(
      `A driver with RUT ${rutOf(5_000_001)} is already registered. It belongs to an archived driver (${id}): restore that one with PATCH {"archived": false}.`,
    );
    const imported = await call('post', '/api/drivers/import')
      .send({ rows: [{ row: 2, firstName: 'Rosa', lastName: 'Vidal', rut: rutOf(5_000_001) }] })
      .expect(201);
    expect(imported.body.data.failedRows[0].reason).toBe(`A driver with RUT ${rutOf(5_000_001)} is already registered.`);
    expect((await call('patch', `/api/drivers/${id}`).send({ archived: false }).expect(200)).body.data.archivedAt).toBeUndefined();
    expect(await ids('?q=rosa')).toEqual([id]);
    expect(await t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'driver.archive', resourceId: id })).toBe(1);
  });

  it("401, 403 without access_drivers (GET by id needs none), 404 for another client's driver", async () => {
    const id = (await create({ firstName: 'Luz', lastName: 'Mena', rut: rutOf(6_000_001) }).expect(201)).body.data.id;
    for (const [method, path] of [
      ['get', '/api/drivers'],
      ['post', '/api/drivers'],
      ['patch', `/api/drivers/${id}`],
      ['delete', `/api/drivers/${id}`],
    ] as const) {
      await request(t.server)[method](path).expect(401);
      await call(method, path, 'atk_nonsense').expect(401);
    }
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await call('get', '/api/drivers', viewer.token).expect(403);
    await create({ firstName: 'A', lastName: 'B', rut: rutOf(6_000_002) }, viewer.token).expect(403);
    await call('patch', `/api/drivers/${id}`, viewer.token).send({ firstName: 'X' }).expect(403);
    await call('delete', `/api/drivers/${id}`, viewer.token).expect(403);
    await call('get', `/api/drivers/${id}`, viewer.token).expect(200);

    const other = await createTenant(t.app);
    const notFound = { error: 'Driver not found' };
    expect((await call('patch', `/api/drivers/${id}`, other.admin.token).send({ firstName: 'X' }).expect(404)).body).toEqual(notFound);
    expect((await call('delete', `/api/drivers/${id}`, other.admin.token).expect(404)).body).toEqual(notFound);
    expect((await call('delete', `/api/drivers/${new Types.ObjectId().toHexString()}`).expect(404)).body).toEqual(notFound);
    expect((await call('get', '/api/drivers', other.admin.token).expect(200)).body.data).toEqual([]);
    // The same RUT may exist in another client.
    await create({ firstName: 'Luz', lastName: 'Mena', rut: rutOf(6_000_001) }, other.admin.token).expect(201);
    expect((await call('get', `/api/drivers/${id}`).expect(200)).body.data.firstname).toBe('Luz');
  });
});
