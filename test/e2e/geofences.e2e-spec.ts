import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { fleetFixtures } from '../factories/inspections.factory';

const square = (size: number, [x, y]: number[] = [-70.65, -33.45]) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

/** `/api/geofences` through HTTP: every shape, every bad geometry, filters, limits, scope. */
describe('geofences', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const create = (body: object, token?: string) => request(t.server).post('/api/geofences').set(auth(token)).send(body);
  const count = () => t.connection.collection('geofences').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates circles, corridors, polygons with holes and multipolygons; reads, changes and deletes them, with activity', async () => {
    const circle = (
      await create({ name: 'Depósito', geometry: { type: 'Point', coordinates: [-70.65, -33.45] }, radiusM: 250, speedLimitKmh: 20, color: '#e53935' }).expect(
        201,
      )
    ).body.data;
    expect(circle).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Depósito',
      radiusM: 250,
      widthM: null,
      speedLimitKmh: 20,
      allAssets: true,
      assetIds: [],
      groupIds: [],
      color: '#e53935',
      description: '',
    });
    await create({
      name: 'Ruta',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-70.7, -33.4],
          [-70.6, -33.5],
        ],
      },
      widthM: 100,
    }).expect(201);
    await create({ name: 'Patio', geometry: { type: 'Polygon', coordinates: [square(0.02), square(0.005, [-70.645, -33.445])] } }).expect(201);
    await create({ name: 'Sucursales', geometry: { type: 'MultiPolygon', coordinates: [[square(0.01)], [square(0.01, [-71, -33])]] } }).expect(201);

    const get = (id: string) => request(t.server).get(`/api/geofences/${id}`).set(auth());
    expect((await get(circle.id).expect(200)).body.data).toEqual(circle);
    // Changing the circle's centre keeps its stored radius; a null clears the speed limit.
    const changed = (
      await request(t.server)
        .patch(`/api/geofences/${circle.id}`)
        .set(auth())
        .send({ geometry: { type: 'Point', coordinates: [-70.66, -33.46] }, speedLimitKmh: null })
        .expect(200)
    ).body.data;
    expect(changed).toMatchObject({ radiusM: 250, speedLimitKmh: null, geometry: { type: 'Point', coordinates: [-70.66, -33.46] } });
    // Turning it into a polygon drops the radius; into a corridor without a width is a 400.
    await request(t.server)
      .patch(`/api/geofences/${circle.id}`)
      .set(auth())
      .send({
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      })
      .expect(400);
    expect(
      (
        await request(t.server)
          .patch(`/api/geofences/${circle.id}`)
          .set(auth())
          .send({ geometry: { type: 'Polygon', coordinates: [square(0.01)] } })
          .expect(200)
      ).body.data.radiusM,
    ).toBeNull();
    expect((await request(t.server).delete(`/api/geofences/${circle.id}`).set(auth()).expect(200)).body.data).toEqual({ id: circle.id });
    await get(circle.id).expect(404);
    const actions = await t.connection.collection('activity_events').distinct('action', { clientId: tenant.clientId, resourceType: 'geofence' });
    expect(actions.sort()).toEqual(['geofence.create', 'geofence.delete', 'geofence.update']);
  });

  it.each([
    [
      'a ring that is not closed',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
      },
      'coordinates[0]: the ring is not closed',
    ],
    [
      'a ring of fewer than 4 positions',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [0, 0],
            ],
          ],
        },
      },
      'needs at least 4 positions',
    ],
    [
      'a self-intersecting ring',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      },
      'crosses itself',
    ],
    ['a latitude out of range', { geometry: { type: 'Point', coordinates: [0, 91] }, radiusM: 100 }, 'latitude 91 is outside -90..90'],
    ['a longitude out of range', { geometry: { type: 'Point', coordinates: [181, 0] }, radiusM: 100 }, 'longitude 181 is outside -180..180'],
    [
      'too many vertices',
      { geometry: { type: 'Polygon', coordinates: [[...Array.from({ length: 1001 }, (_, i) => [Math.cos(i / 160), Math.sin(i / 160)]), [1, 0]]] } },
      'at most 1000 positions',
    ],
    ['a Point without radius', { geometry: { type: 'Point', coordinates: [0, 0] } }, 'a Point geofence is a circle and needs radiusM'],
    [
      'a LineString without width',
      {
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [0.1, 0.1],
          ],
        },
      },
      'needs widthM',
    ],
    ['a radius too small', { geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 5 }, 'radiusM must not be less than 10'],
    ['an unknown type', { geometry: { type: 'Circle', coordinates: [0, 0] }, radiusM: 50 }, 'type must be Point'],
    ['text coordinates', { geometry: { type: 'Polygon', coordinates: 'a square' } }, 'must be an array of rings'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_name, body, message) => {
    const before = await count();
    const res = await create({ name: 'Mala', ...body }).expect(400);
    expect(res.body.error).toContain(message);
    expect(await count()).toBe(before);
  });

  it('filters by name, by the asset it applies to and by a point inside', async () => {
    const other = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, other.clientId);
    const group = await fixtures.group('Norte');
    const [inGroup, alone] = [await fixtures.asset({ groupIds: [group._id] }), await fixtures.asset()];
    const make = async (body: object) => (await create(body, other.admin.token).expect(201)).body.data.id as string;
    const everyone = await make({ name: 'Santiago centro', geometry: { type: 'Point', coordinates: [-70.65, -33.45] }, radiusM: 1000 });
    const forGroup = await make({
      name: 'Norte planta',
      geometry: { type: 'Polygon', coordinates: [square(0.02, [-70.7, -33.4])] },
      allAssets: false,
      groupIds: [group._id.toHexString()],
    });
    const forAsset = await make({
      name: 'Solo uno',
      geometry: { type: 'Point', coordinates: [-72, -36] },
      radiusM: 50,
      allAssets: false,
      assetIds: [alone._id.toHexString()],
    });
    const ids = async (query: string) =>
      ((await request(t.server).get(`/api/geofences?${query}`).set(auth(other.admin.token)).expect(200)).body.data as Array<{ id: string }>)
        .map((g) => g.id)
        .sort();
    expect(await ids('q=planta')).toEqual([forGroup]);
    expect(await ids(`assetId=${inGroup._id}`)).toEqual([everyone, forGroup].sort());
    expect(await ids(`assetId=${alone._id}`)).toEqual([everyone, forAsset].sort());
    expect(await ids('contains=-33.45,-70.65')).toEqual([everyone]);
    expect(await ids('contains=-33.39,-70.69')).toEqual([forGroup]);
    expect(await ids('contains=10,10')).toEqual([]);
    // Another client's asset: nothing applies to it here.
    expect(await ids(`assetId=${new Types.ObjectId()}`)).toEqual([]);
    await request(t.server).get('/api/geofences?contains=north').set(auth(other.admin.token)).expect(400);
    await request(t.server).get('/api/geofences?contains=95,10').set(auth(other.admin.token)).expect(400);
    // Unknown assets or groups in a geofence are named.
    const res = await create(
      { name: 'X', geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 100, assetIds: [new Types.ObjectId().toHexString()] },
      other.admin.token,
    ).expect(400);
    expect(res.body.error).toMatch(/assetIds: No asset/);
  });

  it('keeps a client to 10 000 geofences (409 beyond)', async () => {
    const full = await createTenant(t.app);
    const now = new Date();
    const docs = Array.from({ length: 10_000 }, (_, i) => ({
      clientId: full.clientId,
      name: `G${i}`,
      description: '',
      color: '#000000',
      geometry: { type: 'Point', coordinates: [0, 0] },
      radiusM: 10,
      widthM: null,
      speedLimitKmh: null,
      allAssets: true,
      assetIds: [],
      groupIds: [],
      createdAt: now,
      updatedAt: now,
    }));
    await t.connection.collection('geofences').insertMany(docs);
    const res = await create({ name: 'Una más', geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 10 }, full.admin.token).expect(409);
    expect(res.body.error).toMatch(/at most 10000 geofences/);
  });

  it('answers another client’s geofence as a missing one; 401 without or with a bad credential, 403 without the permission', async () => {
    const id = (await create({ name: 'Mía', geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 100 }).expect(201)).body.data.id;
    const other = await createTenant(t.app);
    await request(t.server).get(`/api/geofences/${id}`).set(auth(other.admin.token)).expect(404);
    await request(t.server).patch(`/api/geofences/${id}`).set(auth(other.admin.token)).send({ name: 'Robada' }).expect(404);
    await request(t.server).delete(`/api/geofences/${id}`).set(auth(other.admin.token)).expect(404);
    expect(((await request(t.server).get('/api/geofences').set(auth(other.admin.token)).expect(200)).body.data as unknown[]).length).toBe(0);
    await request(t.server).get('/api/geofences').expect(401);
    await request(t.server).get('/api/geofences').set(auth('sess_nope')).expect(401);
    const viewer = await tenant.addUser({ permissions: [] });
    await request(t.server).get('/api/geofences').set(auth(viewer.token)).expect(403);
    await create({ name: 'X', geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 100 }, viewer.token).expect(403);
    await request(t.server).get('/api/geofences/not-an-id').set(auth()).expect(404);
    await request(t.server).patch(`/api/geofences/${id}`).set(auth()).send({}).expect(400);
    await request(t.server).patch(`/api/geofences/${id}`).set(auth()).send({ clientId: new Types.ObjectId().toHexString() }).expect(400);
  });
});
