import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { FlespiStub, startFlespiStub } from '@app/testing/flespi-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, ROUTE_TEMPERATURES, storeMessages, T0, TrackedFixture } from './positions-fixtures';

describe('telemetry from flespi (TELEMETRY_SOURCE=flespi, against a local flespi-like server)', () => {
  let t: TestApp;
  let flespiApp: TestApp;
  let stub: FlespiStub;
  let tenant: TestTenant;
  let main: TrackedFixture;
  const DAY = { from: '15/01/2026', to: '15/01/2026' };
  const positions = (app: TestApp, body: object) =>
    request(app.server).post('/api/positions/stats').set('Authorization', `Bearer ${tenant.admin.token}`).send(body);
  const temperatures = (app: TestApp, assetIds: string[]) =>
    request(app.server)
      .post('/api/reports/temperature/stats?from=15/01/2026&to=15/01/2026')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ assetIds });

  beforeAll(async () => {
    stub = await startFlespiStub();
    t = await createTestApp();
    flespiApp = await createTestAppWithEnv({ TELEMETRY_SOURCE: 'flespi', FLESPI_URL: stub.url, FLESPI_TOKEN: stub.token, FLESPI_TIMEOUT_MS: '300' });
    tenant = await createTenant(t.app);
    main = await addAsset(t, tenant.clientId, { name: 'Camión 1', plate: 'KJHT-42' });
    // The same route in flespi and in the store: both sources must give the same figures.
    stub.messages.set(
      main.vendorId,
      ROUTE.map((m) => ({ ...m, 'can.engine.temperature': 90, ident: '352093081452251' })),
    );
    await storeMessages(t, main.trackerId, ROUTE);
  }, 60_000);
  afterEach(() => {
    stub.mode = 'ok';
  });
  afterAll(async () => {
    await flespiApp.close();
    await t.close();
    await stub.close();
  });

  it('gives the hand-computed position figures, the same as the store', async () => {
    const fromFlespi = await positions(flespiApp, { assetIds: [main.assetId], ...DAY }).expect(200);
    const fromStore = await positions(t, { assetIds: [main.assetId], ...DAY }).expect(200);
    expect(fromFlespi.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
    expect(fromFlespi.body).toEqual(fromStore.body);
    const edges = await positions(flespiApp, { assetIds: [main.assetId], from: '15/01/2026 10:01', to: '15/01/2026 11:00' }).expect(200);
    expect(edges.body.data.globalStats).toEqual({ maxSpeed: 72, avgSpeed: 54, totalPositions: 3, totalDistanceKm: 2.224 });
  });

  it('asks flespi for the range in unix seconds, only the needed fields, with the FlespiToken header', async () => {
    stub.requests.length = 0;
    await positions(flespiApp, { assetIds: [main.assetId], ...DAY }).expect(200);
    const [call] = stub.requests;
    expect(call.path).toBe(`/gw/devices/${main.vendorId}/messages`);
    expect(call.authorization).toBe(`FlespiToken ${stub.token}`);
    expect(call.data).toMatchObject({ from: Date.UTC(2026, 0, 15, 3) / 1000, to: Date.UTC(2026, 0, 16, 3) / 1000 });
    expect(String(call.data!.fields).split(',')).toEqual(expect.arrayContaining(['timestamp', 'position.latitude', 'position.speed', 'temperature.1']));
    expect(String(call.data!.fields)).not.toContain('ident');
  });

  it('gives the hand-computed temperature figures, the same as the store, ignoring other temperatures', async () => {
    const fromFlespi = await temperatures(flespiApp, [main.assetId]).expect(200);
    expect(fromFlespi.body.data.assetsTemperatureStats[0]).toMatchObject(ROUTE_TEMPERATURES);
    expect(fromFlespi.body).toEqual((await temperatures(t, [main.assetId]).expect(200)).body);
  });

  it('answers the same track as the store (the positions of the period, simplified the same way)', async () => {
    const track = (app: TestApp, query: string) =>
      request(app.server).get(`/api/assets/${main.assetId}/track?from=15/01/2026&to=15/01/2026${query}`).set('Authorization', `Bearer ${tenant.admin.token}`);
    const fromFlespi = await track(flespiApp, '').expect(200);
    expect(fromFlespi.body.data).toMatchObject({ totalPoints: 5, simplified: false });
    expect(fromFlespi.body).toEqual((await track(t, '').expect(200)).body);
    const simplified = await track(flespiApp, '&maxPoints=3').expect(200);
    expect(simplified.body.data).toMatchObject({ totalPoints: 5, simplified: true });
    expect(simplified.body).toEqual((await track(t, '&maxPoints=3').expect(200)).body);
  });

  it('reads a trip from a calculator interval, positions from the messages', async () => {
    stub.intervals.set(`${main.vendorId}:55`, { id: 55, begin: T0, end: T0 + 3610, start_battery_level: 90, end_battery_level: 85 });
    const res = await request(flespiApp.server).get(`/api/trips/${main.vendorId}/trip/55`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    expect(res.body.data).toMatchObject({
      id: 55,
      begin: T0,
      end: T0 + 3610,
      duration: 3610,
      distance: 4.448,
      avg_speed: 36,
      max_speed: 72,
      start_battery_level: 90,
      end_battery_level: 85,
      clientId: tenant.clientId.toHexString(),
      assetId: main.assetId,
      startAddress: null,
      endAddress: null,
    });
    expect(res.body.data.positions).toHaveLength(5);
    await request(flespiApp.server).get(`/api/trips/${main.vendorId}/trip/56`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(404);
  });

  it.each(['error', 'hang'] as const)('answers 500 shape B when flespi is down (%s)', async (mode) => {
    stub.mode = mode;
    const res = await positions(flespiApp, { assetIds: [main.assetId], ...DAY }).expect(500);
    expect(res.body).toEqual({ message: 'The telemetry provider is unavailable; try again later' });
    await temperatures(flespiApp, [main.assetId]).expect(500);
    await request(flespiApp.server).get(`/api/trips/${main.vendorId}/trip/55`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(500);
  });

  it('does not call flespi when no asked asset is processed', async () => {
    stub.mode = 'error';
    const res = await positions(flespiApp, { assetIds: ['a'.repeat(24)], ...DAY }).expect(200);
    expect(res.body.data.assetsPositionsStats).toEqual([]);
  });
});
