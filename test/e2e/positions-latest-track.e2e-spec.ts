import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { startFlespiStub } from '../support/flespi-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-latest-0123456789';

describe('latest positions and tracks', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let a: TrackedFixture;
  let b: TrackedFixture;
  let untracked: TrackedFixture;
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  const get = (path: string, token = tenant.admin.token) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'A truck', plate: 'AA-1111' });
    b = await addAsset(t, tenant.clientId, { name: 'B truck', plate: 'BB-2222' });
    untracked = await addAsset(t, tenant.clientId, { tracked: false, name: 'C cart' });
  });
  afterAll(() => t.close());

  describe('GET /api/positions/latest', () => {
    it('answers each tracked asset of the caller with its newest position; a late message never moves it back', async () => {
      const now = Math.floor(Date.now() / 1000);
      await ingest([
        {
          'device.id': a.vendorId,
          timestamp: now - 10,
          'position.latitude': -33.4,
          'position.longitude': -70.6,
          'position.speed': 40,
          'position.direction': 90,
          'position.altitude': 550,
          'engine.ignition.status': true,
        },
      ]);
      await ingest([{ 'device.id': a.vendorId, timestamp: now - 100, 'position.latitude': -33.5, 'position.longitude': -70.7 }]);
      await ingest(ROUTE.map((m) => ({ ...m, 'device.id': b.vendorId })));
      const res = await get('/api/positions/latest').expect(200);
      expect(res.body.data).toEqual([
        {
          assetId: a.assetId,
          assetName: 'A truck',
          licensePlate: 'AA-1111',
          vendorId: a.vendorId,
          lat: -33.4,
          lng: -70.6,
          speed: 40,
          direction: 90,
          altitude: 550,
          timestamp: now - 10,
          ageSeconds: expect.any(Number),
          online: true,
          ignition: true,
        },
        {
          assetId: b.assetId,
          assetName: 'B truck',
          licensePlate: 'BB-2222',
          vendorId: b.vendorId,
          lat: 0,
          lng: 0.04,
          speed: 18,
          direction: null,
          altitude: null,
          timestamp: T0 + 3610,
          ageSeconds: expect.any(Number),
          online: false,
          ignition: null,
        },
      ]);
      expect(res.body.data[0].ageSeconds).toBeGreaterThanOrEqual(10);
      expect(res.body.data.map((p: { assetId: string }) => p.assetId)).not.toContain(untracked.assetId);
    });

    it('filters by assetIds and groupId; out-of-scope and foreign assets never appear', async () => {
      expect((await get(`/api/positions/latest?assetIds=${b.assetId}`).expect(200)).body.data.map((p: { assetId: string }) => p.assetId)).toEqual([b.assetId]);
      await t.connection
        .collection('assets')
        .updateOne(
          { _id: new (await import('mongoose')).Types.ObjectId(a.assetId) },
          { $set: { groupIds: [new (await import('mongoose')).Types.ObjectId('65f000000000000000000001')] } },
        );
      expect((await get('/api/positions/latest?groupId=65f000000000000000000001').expect(200)).body.data.map((p: { assetId: string }) => p.assetId)).toEqual([
        a.assetId,
      ]);
      const limited = await tenant.addUser({ permissions: [Permission.Positions], trackerIds: [b.trackerId] });
      expect((await get('/api/positions/latest', limited.token).expect(200)).body.data.map((p: { assetId: string }) => p.assetId)).toEqual([b.assetId]);
      expect((await get(`/api/positions/latest?assetIds=${a.assetId}`, limited.token).expect(200)).body.data).toEqual([]);
      const other = await createTenant(t.app);
      expect((await get(`/api/positions/latest?assetIds=${a.assetId},${b.assetId}`, other.admin.token).expect(200)).body.data).toEqual([]);
    });

    it("answers from memory: at once for what this instance ingested, within the feed's delay for another instance's", async () => {
      const second = await createTestAppWithEnv({ POSITION_STREAM_POLL_MS: '200' });
      try {
        const onSecond = () =>
          request(second.server).get(`/api/positions/latest?assetIds=${a.assetId}`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
        const until = async (seen: () => Promise<boolean>) => {
          for (const deadline = Date.now() + 5000; !(await seen());) {
            if (Date.now() > deadline) throw new Error('the other instance never showed the position');
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };
        const ts = Math.floor(Date.now() / 1000) - 1;
        await ingest([{ 'device.id': a.vendorId, timestamp: ts, 'position.latitude': -33.41, 'position.longitude': -70.61 }]);
        expect((await get(`/api/positions/latest?assetIds=${a.assetId}`).expect(200)).body.data[0]).toMatchObject({ timestamp: ts, lat: -33.41 });
        await until(async () => (await onSecond()).body.data[0].timestamp === ts);
        expect((await onSecond()).body.data[0]).toMatchObject({ lat: -33.41, lng: -70.61 });
        // Memory, not a query: a record changed behind the instances' back is not what they answer.
        await t.connection.collection('telemetry_latest').updateOne({ _id: a.trackerId.toHexString() } as never, { $set: { lat: 1 } });
        expect((await onSecond()).body.data[0].lat).toBe(-33.41);
      } finally {
        await second.close();
      }
    });

    it('leaves archived assets off the map', async () => {
      const archived = await addAsset(t, tenant.clientId, { name: 'D retired', plate: 'DD-4444' });
      await ingest([
        { 'device.id': archived.vendorId, timestamp: Math.floor(Date.now() / 1000) - 5, 'position.latitude': -33.45, 'position.longitude': -70.65 },
      ]);
      await request(t.server).delete(`/api/assets/${archived.assetId}`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
      expect(
        (await get(`/api/positions/latest?assetIds=${archived.assetId},${b.assetId}`).expect(200)).body.data.map((p: { assetId: string }) => p.assetId),
      ).toEqual([b.assetId]);
    });

    it('refuses bad input (400), no credential (401) and a role without access_positions (403)', async () => {
      for (const query of ['assetIds=xyz', `assetIds=${a.assetId},`, 'groupId=1', 'limit=5', `assetIds=${a.assetId}&assetIds=${b.assetId}`]) {
        expect((await get(`/api/positions/latest?${query}`).expect(400)).body).toEqual({ error: expect.any(String) });
      }
      await request(t.server).get('/api/positions/latest').expect(401);
      await get('/api/positions/latest', 'atk_not_a_token').expect(401);
      const viewer = await tenant.addUser({ permissions: [Permission.Reports] });
      await get('/api/positions/latest', viewer.token).expect(403);
    });

    it("reads flespi's device telemetry with TELEMETRY_SOURCE=flespi", async () => {
      const stub = await startFlespiStub();
      const flespiApp = await createTestAppWithEnv({ TELEMETRY_SOURCE: 'flespi', FLESPI_URL: stub.url, FLESPI_TOKEN: stub.token });
      try {
        const now = Math.floor(Date.now() / 1000);
        stub.messages.set(a.vendorId, [
          { timestamp: now - 1000, 'position.latitude': -33.1, 'position.longitude': -70.1, 'position.speed': 10 },
          { timestamp: now - 20, 'position.latitude': -33.2, 'position.longitude': -70.2, 'position.speed': 30, 'engine.ignition.status': false },
        ]);
        const res = await request(flespiApp.server).get('/api/positions/latest').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
        expect(res.body.data[0]).toMatchObject({ assetId: a.assetId, lat: -33.2, lng: -70.2, speed: 30, timestamp: now - 20, online: true, ignition: false });
        expect(res.body.data[1]).toMatchObject({ assetId: b.assetId, lat: null, timestamp: null, online: false });
        expect(stub.requests.at(-1)).toMatchObject({ path: `/gw/devices/${a.vendorId},${b.vendorId}/telemetry`, authorization: `FlespiToken ${stub.token}` });
        stub.mode = 'error';
        expect((await request(flespiApp.server).get('/api/positions/latest').set('Authorization', `Bearer ${tenant.admin.token}`).expect(500)).body).toEqual({
          message: 'The telemetry provider is unavailable; try again later',
        });
      } finally {
        await flespiApp.close();
        await stub.close();
      }
    });
  });

  describe('GET /api/assets/:id/track', () => {
    it('answers the positions of the period, whole when short', async () => {
      const res = await get(`/api/assets/${b.assetId}/track?from=15/01/2026&to=15/01/2026`).expect(200);
      expect(res.body.data).toMatchObject({ assetId: b.assetId, vendorId: b.vendorId, totalPoints: 5, simplified: false });
      expect(res.body.data.points.map((p: { lng: number }) => p.lng)).toEqual([0, 0.01, 0.02, 0.03, 0.04]);
      expect(res.body.data.points[1]).toEqual({ lat: 0, lng: 0.01, speed: 36, direction: null, altitude: null, timestamp: T0 + 60 });
    });

    it('simplifies a long track to maxPoints, first and last exact', async () => {
      const c = await addAsset(t, tenant.clientId);
      const messages = Array.from({ length: 3000 }, (_, i) => ({
        'device.id': c.vendorId,
        timestamp: T0 + i * 10,
        'position.latitude': Math.sin(i / 50) * 0.01,
        'position.longitude': i * 0.0001,
        'position.speed': 50,
      }));
      await ingest(messages);
      const res = await get(`/api/assets/${c.assetId}/track?from=15/01/2026&to=16/01/2026&maxPoints=100`).expect(200);
      expect(res.body.data).toMatchObject({ totalPoints: 3000, simplified: true });
      expect(res.body.data.points).toHaveLength(100);
      expect(res.body.data.points[0].timestamp).toBe(T0);
      expect(res.body.data.points.at(-1).timestamp).toBe(T0 + 29990);
    });

    it('reads the whole of a 30-day period (its 720 hours are read a week at a time), in time order', async () => {
      const c = await addAsset(t, tenant.clientId);
      const days = [0, 6, 7, 13, 20, 29]; // on both sides of the week boundaries of the reads
      await ingest(
        days.map((day, i) => ({ 'device.id': c.vendorId, timestamp: T0 + day * 86400, 'position.latitude': -33, 'position.longitude': -70 + i * 0.01 })),
      );
      const res = await get(`/api/assets/${c.assetId}/track?from=15/01/2026&to=13/02/2026`).expect(200);
      expect(res.body.data).toMatchObject({ totalPoints: days.length, simplified: false });
      expect(res.body.data.points.map((p: { timestamp: number }) => p.timestamp)).toEqual(days.map((day) => T0 + day * 86400));
    });

    it('answers 404 for untracked, foreign, unknown and out-of-scope assets; 400 for bad input; 403 without the permission', async () => {
      const q = '?from=15/01/2026&to=15/01/2026';
      await get(`/api/assets/${untracked.assetId}/track${q}`).expect(404);
      await get(`/api/assets/65f000000000000000000009/track${q}`).expect(404);
      await get(`/api/assets/not-an-id/track${q}`).expect(404);
      const other = await createTenant(t.app);
      await get(`/api/assets/${a.assetId}/track${q}`, other.admin.token).expect(404);
      const limited = await tenant.addUser({ permissions: [Permission.Positions], trackerIds: [b.trackerId] });
      await get(`/api/assets/${a.assetId}/track${q}`, limited.token).expect(404);
      await get(`/api/assets/${b.assetId}/track${q}`, limited.token).expect(200);
      for (const query of [
        '?from=15/01/2026',
        '?from=2026-01-15&to=15/01/2026',
        '?from=01/01/2026&to=15/02/2026',
        `${q}&maxPoints=1`,
        `${q}&maxPoints=10001`,
        `${q}&maxPoints=abc`,
        `${q}&x=1`,
      ]) {
        expect((await get(`/api/assets/${b.assetId}/track${query}`).expect(400)).body).toEqual({ error: expect.any(String) });
      }
      const viewer = await tenant.addUser({ permissions: [Permission.Reports] });
      await get(`/api/assets/${b.assetId}/track${q}`, viewer.token).expect(403);
      await request(t.server).get(`/api/assets/${b.assetId}/track${q}`).expect(401);
    });
  });
});
