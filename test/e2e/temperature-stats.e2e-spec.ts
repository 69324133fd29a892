import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, ROUTE_TEMPERATURES, storeMessages, T0, TrackedFixture } from './positions-fixtures';

describe('POST /api/reports/temperature/stats (store)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let main: TrackedFixture;
  let silent: TrackedFixture;
  const DAY = '?from=15/01/2026&to=15/01/2026';
  const stats = (query: string, body: object, token = tenant.admin.token) =>
    request(t.server).post(`/api/reports/temperature/stats${query}`).set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    main = await addAsset(t, tenant.clientId, { name: 'Reefer 1', plate: 'KJHT-42' });
    silent = await addAsset(t, tenant.clientId, { name: 'Van', plate: 'XY-1111' });
    await storeMessages(t, main.trackerId, ROUTE);
    await storeMessages(t, silent.trackerId, [{ timestamp: T0, 'position.latitude': 1, 'position.longitude': 1, 'position.speed': 3 }]);
  });
  afterAll(() => t.close());

  it('answers min, max, avg and count per sensor and per asset, in the DESIGN.md shape', async () => {
    const res = await stats(DAY, { assetIds: [main.assetId, silent.assetId] }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        assetsTemperatureStats: [
          { assetId: main.assetId, assetName: 'Reefer 1', licensePlate: 'KJHT-42', vendorId: main.vendorId, ...ROUTE_TEMPERATURES },
          // No readings: no sensors listed, not zeros.
          {
            assetId: silent.assetId,
            assetName: 'Van',
            licensePlate: 'XY-1111',
            vendorId: silent.vendorId,
            sensors: [],
            stats: { min: null, max: null, avg: null, count: 0 },
          },
        ],
      },
    });
  });

  it('leaves out a sensor with no readings in the range', async () => {
    // From 10:00:30 local: only the 2nd and 3rd messages; sensor 1 reads 6, 5 and sensor 2 −18, −20.
    const res = await stats('?from=15/01/2026 10:00:30&to=15/01/2026 10:01:30', { assetIds: [main.assetId] }).expect(200);
    expect(res.body.data.assetsTemperatureStats[0].sensors).toEqual([
      { sensor: 'temperature.1', min: 6, max: 6, avg: 6, count: 1 },
      { sensor: 'temperature.2', min: -18, max: -18, avg: -18, count: 1 },
    ]);
    const onlyFirst = await stats('?from=15/01/2026 10:00&to=15/01/2026 10:00:59', { assetIds: [main.assetId] }).expect(200);
    expect(onlyFirst.body.data.assetsTemperatureStats[0].sensors.map((s: { sensor: string }) => s.sensor)).toEqual(['temperature.1']);
  });

  it('skips unknown, foreign, untracked and out-of-scope assets', async () => {
    const untracked = await addAsset(t, tenant.clientId, { tracked: false });
    const other = await createTenant(t.app);
    const foreign = await addAsset(t, other.clientId);
    const ids = [foreign.assetId, untracked.assetId, new Types.ObjectId().toHexString(), main.assetId, silent.assetId];
    const scoped = await tenant.addUser({ trackerIds: [main.trackerId] });
    const res = await stats(DAY, { assetIds: ids }, scoped.token).expect(200);
    expect(res.body.data.assetsTemperatureStats.map((a: { assetId: string }) => a.assetId)).toEqual([main.assetId]);
  });

  it('30 days accepted; 30 days and a second refused', async () => {
    await stats('?from=01/01/2026 00:00&to=31/01/2026 00:00', { assetIds: [main.assetId] }).expect(200);
    const res = await stats('?from=01/01/2026 00:00:00&to=31/01/2026 00:00:01', { assetIds: [main.assetId] }).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining('30 days') });
  });

  it('401 without a token or with a bad one; 403 without access_reports', async () => {
    await request(t.server)
      .post(`/api/reports/temperature/stats${DAY}`)
      .send({ assetIds: [main.assetId] })
      .expect(401);
    await stats(DAY, { assetIds: [main.assetId] }, 'not-a-token').expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await stats(DAY, { assetIds: [main.assetId] }, viewer.token).expect(403);
  });

  it.each([
    ['no query', '', { assetIds: ['a'.repeat(24)] }],
    ['no to', '?from=15/01/2026', { assetIds: ['a'.repeat(24)] }],
    ['an unparsable from', '?from=15-01-2026&to=15/01/2026', { assetIds: ['a'.repeat(24)] }],
    ['a repeated from', '?from=15/01/2026&from=16/01/2026&to=16/01/2026', { assetIds: ['a'.repeat(24)] }],
    ['from after to', '?from=16/01/2026&to=15/01/2026', { assetIds: ['a'.repeat(24)] }],
    ['no body', DAY, {}],
    ['empty assetIds', DAY, { assetIds: [] }],
    ['a malformed id', DAY, { assetIds: ['xyz'] }],
    ['501 ids', DAY, { assetIds: Array.from({ length: 501 }, () => 'a'.repeat(24)) }],
  ])('400 shape A for %s', async (_case, query, body) => {
    expect((await stats(query, body).expect(400)).body).toEqual({ error: expect.any(String) });
  });
});
