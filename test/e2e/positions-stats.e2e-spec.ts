import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, STEP_KM, storeMessages, T0, TrackedFixture } from './positions-fixtures';

describe('POST /api/positions/stats (store)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let main: TrackedFixture;
  let second: TrackedFixture;
  const stats = (body: object, token = tenant.admin.token) => request(t.server).post('/api/positions/stats').set('Authorization', `Bearer ${token}`).send(body);
  const DAY = { from: '15/01/2026', to: '15/01/2026' };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    main = await addAsset(t, tenant.clientId, { name: 'Camión 1', plate: 'KJHT-42' });
    second = await addAsset(t, tenant.clientId, { name: 'Camión 2', plate: 'LPRW-18' });
    await storeMessages(t, main.trackerId, ROUTE);
    await storeMessages(t, second.trackerId, [
      { timestamp: T0 + 7200, 'position.latitude': 0, 'position.longitude': 1, 'position.speed': 10 },
      { timestamp: T0 + 7260, 'position.latitude': 0, 'position.longitude': 1.01, 'position.speed': 30 },
    ]);
  });
  afterAll(() => t.close());

  it('answers the hand-computed figures of a whole day, in the spec shape', async () => {
    const res = await stats({ assetIds: [main.assetId], ...DAY }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        assetsPositionsStats: [
          {
            assetId: main.assetId,
            assetName: 'Camión 1',
            licensePlate: 'KJHT-42',
            vendorId: main.vendorId,
            stats: { maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 },
          },
        ],
        globalStats: { maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 },
      },
    });
    expect(Math.round(4 * STEP_KM * 1000) / 1000).toBe(4.448);
  });

  it('reads whole hours from the summaries and partial hours from the points, joined across the boundary', async () => {
    const whole = await stats({ assetIds: [main.assetId], from: '15/01/2026 10:00', to: '15/01/2026 11:59:59' }).expect(200);
    expect(whole.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
    // 10:01 to 11:00:00 holds the 2nd, 3rd and 4th positions: speeds 36, 72, 54; two steps.
    const edges = await stats({ assetIds: [main.assetId], from: '15/01/2026 10:01', to: '15/01/2026 11:00' }).expect(200);
    expect(edges.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 54, totalPositions: 3, totalDistanceKm: 2.224 });
    const inside = await stats({ assetIds: [main.assetId], from: '15/01/2026 10:00:30', to: '15/01/2026 10:01:00' }).expect(200);
    expect(inside.body.data.globalStats).toEqual({ maxSpeed: 36, avgSpeed: 36, totalPositions: 1, totalDistanceKm: 0 });
  });

  it('reads whole days from the period summaries, joined to partial days and hours around them', async () => {
    // 13/01 to 17/01 local holds the UTC days 14 to 17 whole: the route's day comes from its period.
    const days = await stats({ assetIds: [main.assetId], from: '13/01/2026 00:30', to: '17/01/2026' }).expect(200);
    expect(days.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
    const month = await stats({ assetIds: [main.assetId], from: '20/12/2025 10:10', to: '18/01/2026 11:11:11' }).expect(200);
    expect(month.body.data.globalStats).toEqual(days.body.data.globalStats);
  });

  it('aggregates globalStats from the per-asset figures: counts and distances summed, avgSpeed weighted', async () => {
    const res = await stats({ assetIds: [main.assetId, second.assetId], ...DAY }).expect(200);
    const [a, b] = res.body.data.assetsPositionsStats;
    expect(b.stats).toEqual({ maxSpeed: 30, avgSpeed: 20, totalPositions: 2, totalDistanceKm: 1.112 });
    expect(res.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 31.43, totalPositions: 7, totalDistanceKm: 5.56 });
    const weighted = (a.stats.avgSpeed * a.stats.totalPositions + b.stats.avgSpeed * b.stats.totalPositions) / 7;
    expect(res.body.data.globalStats.avgSpeed).toBeCloseTo(weighted, 2);
    expect(res.body.data.globalStats.totalDistanceKm).toBeCloseTo(a.stats.totalDistanceKm + b.stats.totalDistanceKm, 2);
  });

  it('stays exact when messages arrive again and out of order', async () => {
    await storeMessages(t, main.trackerId, [ROUTE[3], ROUTE[0], ROUTE[4], ROUTE[1], ROUTE[2], ROUTE[0]]);
    await storeMessages(t, main.trackerId, [ROUTE[2]]);
    const res = await stats({ assetIds: [main.assetId], ...DAY }).expect(200);
    expect(res.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
    const days = await stats({ assetIds: [main.assetId], from: '13/01/2026', to: '17/01/2026' }).expect(200);
    expect(days.body.data.globalStats).toEqual(res.body.data.globalStats);
  });

  it("applies the whole-day rule in the client's time zone", async () => {
    const edge = await addAsset(t, tenant.clientId);
    // Local midnights of 15 and 16 January 2026 in Santiago: 03:00Z.
    const midnight15 = Date.UTC(2026, 0, 15, 3) / 1000;
    const midnight16 = Date.UTC(2026, 0, 16, 3) / 1000;
    const at = (timestamp: number) => ({ timestamp, 'position.latitude': -33.45, 'position.longitude': -70.66, 'position.speed': 5 });
    await storeMessages(t, edge.trackerId, [at(midnight15 - 1), at(midnight15), at(midnight16 - 1), at(midnight16)]);
    const day = await stats({ assetIds: [edge.assetId], ...DAY }).expect(200);
    expect(day.body.data.globalStats.totalPositions).toBe(2);
    const seconds = await stats({ assetIds: [edge.assetId], from: '14/01/2026 23:59:59', to: '16/01/2026 00:00:00' }).expect(200);
    expect(seconds.body.data.globalStats.totalPositions).toBe(4);
  });

  it('accepts exactly 30 days and refuses 30 days and one second with 400 shape A', async () => {
    await stats({ assetIds: [main.assetId], from: '01/01/2026 00:00', to: '31/01/2026 00:00' }).expect(200);
    await stats({ assetIds: [main.assetId], from: '01/01/2026', to: '30/01/2026' }).expect(200);
    const over = await stats({ assetIds: [main.assetId], from: '01/01/2026 00:00:00', to: '31/01/2026 00:00:01' }).expect(400);
    expect(over.body).toEqual({ error: 'The range from 01/01/2026 00:00:00 to 31/01/2026 00:00:01 is longer than the maximum of 30 days' });
    await stats({ assetIds: [main.assetId], from: '01/01/2026', to: '31/01/2026' }).expect(400);
  });

  it('skips unknown, foreign, untracked and out-of-scope assets, and repeated ids', async () => {
    const untracked = await addAsset(t, tenant.clientId, { tracked: false });
    const other = await createTenant(t.app);
    const foreign = await addAsset(t, other.clientId);
    await storeMessages(t, foreign.trackerId, ROUTE);
    const ids = [new Types.ObjectId().toHexString(), foreign.assetId, untracked.assetId, second.assetId, main.assetId, main.assetId.toUpperCase()];
    const all = await stats({ assetIds: ids, ...DAY }).expect(200);
    expect(all.body.data.assetsPositionsStats.map((a: { assetId: string }) => a.assetId)).toEqual([second.assetId, main.assetId]);
    const scoped = await tenant.addUser({ trackerIds: [second.trackerId] });
    const limited = await stats({ assetIds: ids, ...DAY }, scoped.token).expect(200);
    expect(limited.body.data.assetsPositionsStats.map((a: { assetId: string }) => a.assetId)).toEqual([second.assetId]);
    const none = await stats({ assetIds: [foreign.assetId], ...DAY }).expect(200);
    expect(none.body.data).toEqual({ assetsPositionsStats: [], globalStats: { maxSpeed: 0, avgSpeed: 0, totalPositions: 0, totalDistanceKm: 0 } });
  });

  it('401 without a token or with a bad one; 403 without access_reports', async () => {
    expect(
      (
        await request(t.server)
          .post('/api/positions/stats')
          .send({ assetIds: [main.assetId], ...DAY })
          .expect(401)
      ).body,
    ).toEqual({ error: 'Invalid or expired token' });
    await stats({ assetIds: [main.assetId], ...DAY }, 'atk_not-a-real-token-not-a-real-token-000000').expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    expect((await stats({ assetIds: [main.assetId], ...DAY }, viewer.token).expect(403)).body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['no assetIds', { ...DAY }],
    ['empty assetIds', { assetIds: [], ...DAY }],
    ['assetIds not an array', { assetIds: 'abc', ...DAY }],
    ['a malformed id', { assetIds: ['not-an-id'], ...DAY }],
    ['a number for an id', { assetIds: [42], ...DAY }],
    ['501 ids', { assetIds: Array.from({ length: 501 }, () => new Types.ObjectId().toHexString()), ...DAY }],
    ['no from', { assetIds: ['a'.repeat(24)], to: DAY.to }],
    ['an ISO date', { assetIds: ['a'.repeat(24)], from: '2026-01-15', to: DAY.to }],
    ['an impossible date', { assetIds: ['a'.repeat(24)], from: '31/02/2026', to: DAY.to }],
    ['a number for a date', { assetIds: ['a'.repeat(24)], from: 20260115, to: DAY.to }],
    ['from after to', { assetIds: ['a'.repeat(24)], from: '16/01/2026', to: '15/01/2026' }],
  ])('400 shape A for %s', async (_case, body) => {
    const res = await stats(body).expect(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('accepts 500 ids', async () => {
    const ids = [main.assetId, ...Array.from({ length: 499 }, () => new Types.ObjectId().toHexString())];
    const res = await stats({ assetIds: ids, ...DAY }).expect(200);
    expect(res.body.data.assetsPositionsStats).toHaveLength(1);
  });
});
