import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

describe('GET /api/cargo/ubicaciones/:id', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let locationId: string;
  let bareId: string;
  const get = (id: string, token: string) => request(t.server).get(`/api/cargo/ubicaciones/${id}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const now = new Date('2026-11-01T12:00:00.000Z');
    const inserted = await t.connection.collection('cargo_locations').insertMany([
      {
        clientId: tenant.clientId,
        name: 'Centro de distribución Pudahuel',
        address: 'Av. Américo Vespucio 1501',
        city: 'Santiago',
        location: { type: 'Point', coordinates: [-70.7605, -33.4263] },
        type: 'loading',
        contact: { name: 'Carla Fuentes', phone: '+56922334455', email: 'bodega@example.cl' },
        notes: 'Andén 4',
        createdAt: now,
        updatedAt: now,
      },
      {
        clientId: tenant.clientId,
        name: 'Puerto',
        address: 'Av. Errázuriz 25',
        location: { type: 'Point', coordinates: [-71.6268, -33.0362] },
        type: 'delivery',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    locationId = inserted.insertedIds[0].toHexString();
    bareId = inserted.insertedIds[1].toHexString();
  });
  afterAll(() => t.close());

  it('answers the location with coordinates as lat/lng', async () => {
    const res = await get(locationId, tenant.admin.token).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        id: locationId,
        clientId: tenant.clientId.toHexString(),
        name: 'Centro de distribución Pudahuel',
        address: 'Av. Américo Vespucio 1501',
        city: 'Santiago',
        coordinates: { lat: -33.4263, lng: -70.7605 },
        type: 'loading',
        contact: { name: 'Carla Fuentes', phone: '+56922334455', email: 'bodega@example.cl' },
        notes: 'Andén 4',
        createdAt: '2026-11-01T12:00:00.000Z',
        updatedAt: '2026-11-01T12:00:00.000Z',
      },
    });
  });

  it('answers absent optional fields as null, with the same keys', async () => {
    const res = await get(bareId, tenant.admin.token).expect(200);
    expect(res.body.data).toMatchObject({ city: null, notes: null, contact: { name: null, phone: null, email: null }, type: 'delivery' });
  });

  it('accepts a user with only access_cargo, by API token', async () => {
    const cargo = await tenant.addUser({ permissions: [Permission.Cargo] });
    await get(locationId, cargo.apiToken).expect(200);
  });

  it('401 without a token and with an invalid one', async () => {
    expect((await request(t.server).get(`/api/cargo/ubicaciones/${locationId}`).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    expect((await get(locationId, 'not-a-token').expect(401)).body).toEqual({ error: 'Invalid or expired token' });
  });

  it('403 without access_cargo', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const fuelOnly = await tenant.addUser({ permissions: [Permission.Fuel] });
    expect((await get(locationId, viewer.token).expect(403)).body).toEqual({ error: expect.any(String) });
    await get(locationId, fuelOnly.token).expect(403);
  });

  it('404 for another client’s location, exactly as for an unknown id', async () => {
    const other = await createTenant(t.app);
    const foreign = await get(locationId, other.admin.token).expect(404);
    const unknown = await get(new Types.ObjectId().toHexString(), tenant.admin.token).expect(404);
    expect(foreign.body).toEqual({ error: 'Cargo location not found' });
    expect(unknown.body).toEqual(foreign.body);
  });

  it.each(['not-an-id', '123', 'g'.repeat(24), `${'a'.repeat(24)}0`])('404 for the malformed id %s', async (id) => {
    expect((await get(id, tenant.admin.token).expect(404)).body).toEqual({ error: 'Cargo location not found' });
  });
});
