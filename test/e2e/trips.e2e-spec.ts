import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { GeocoderStub, startGeocoderStub } from '@app/testing/geocoder-stub';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, storeTrip, TrackedFixture } from './positions-fixtures';

const SANTIAGO: [number, number] = [-33.4489, -70.6693];
const VALPARAISO: [number, number] = [-33.0472, -71.6127];
const at = (timestamp: number, [lat, lng]: [number, number], speed: number) => ({
  timestamp,
  'position.latitude': lat,
  'position.longitude': lng,
  'position.speed': speed,
  'position.altitude': 500,
  'position.direction': 290,
});

describe('GET /api/trips/:vendorId/trip/:tripId (store)', () => {
  let t: TestApp;
  let geoApp: TestApp;
  let geocoder: GeocoderStub;
  let tenant: TestTenant;
  let main: TrackedFixture;
  const get = (app: TestApp, path: string, token = tenant.admin.token) => request(app.server).get(`/api/trips/${path}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    geocoder = await startGeocoderStub();
    t = await createTestApp();
    geoApp = await createTestAppWithEnv({ GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '300' });
    tenant = await createTenant(t.app);
    main = await addAsset(t, tenant.clientId);
    await storeTrip(t, main.trackerId, 1001, ROUTE);
    await storeTrip(t, main.trackerId, 1002, [at(1_768_000_000, SANTIAGO, 0), at(1_768_000_060, [-33.4, -70.9], 80), at(1_768_005_000, VALPARAISO, 0)]);
    geocoder.addresses.set(`${SANTIAGO[0]},${SANTIAGO[1]}`, 'Plaza de Armas, Santiago, Región Metropolitana, Chile');
    geocoder.addresses.set(`${VALPARAISO[0]},${VALPARAISO[1]}`, 'Plaza Sotomayor, Valparaíso, Chile');
  }, 60_000);
  afterEach(() => {
    geocoder.mode = 'ok';
  });
  afterAll(async () => {
    await geoApp.close();
    await t.close();
    await geocoder.close();
  });

  it('answers the spec Trip with clientId, assetId and null addresses when no geocoder is configured', async () => {
    const res = await get(t, `${main.vendorId}/trip/1001`).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        id: 1001,
        avg_speed: 36,
        max_speed: 72,
        begin: ROUTE[0].timestamp,
        end: ROUTE[4].timestamp,
        timestamp: ROUTE[4].timestamp,
        distance: 4.448,
        duration: 3610,
        start_battery_level: 96,
        end_battery_level: 91,
        route: expect.any(String),
        type: 'trip',
        positions: ROUTE.map((m) => ({
          alt: 0,
          dir: 0,
          lat: m['position.latitude'],
          lng: m['position.longitude'],
          speed: m['position.speed'],
          timestamp: m.timestamp,
        })),
        clientId: tenant.clientId.toHexString(),
        assetId: main.assetId,
        startAddress: null,
        endAddress: null,
        fuel: null,
        driverId: null,
        driverName: null,
      },
    });
  });

  it('answers null addresses while the geocoder fails or hangs, and does not cache failures', async () => {
    geocoder.mode = 'error';
    const failed = await get(geoApp, `${main.vendorId}/trip/1002`).expect(200);
    expect(failed.body.data).toMatchObject({ startAddress: null, endAddress: null, id: 1002 });
    geocoder.mode = 'hang';
    const started = Date.now();
    const hung = await get(geoApp, `${main.vendorId}/trip/1002`).expect(200);
    expect(hung.body.data).toMatchObject({ startAddress: null, endAddress: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await t.connection.collection('geocode_cache').countDocuments()).toBe(0);
  }, 20_000);

  it('geocodes start and end through the geocoder, at most one request a second, then from the cache', async () => {
    geocoder.requests.length = 0;
    const res = await get(geoApp, `${main.vendorId}/trip/1002`).expect(200);
    expect(res.body.data).toMatchObject({
      startAddress: 'Plaza de Armas, Santiago, Región Metropolitana, Chile',
      endAddress: 'Plaza Sotomayor, Valparaíso, Chile',
    });
    expect(geocoder.requests).toHaveLength(2);
    expect(Math.abs(geocoder.requests[1].at - geocoder.requests[0].at)).toBeGreaterThanOrEqual(900);
    expect(geocoder.requests[0].userAgent).toMatch(/fleet-platform/);
    const cached = await get(geoApp, `${main.vendorId}/trip/1002`).expect(200);
    expect(cached.body.data.startAddress).toBe(res.body.data.startAddress);
    expect(geocoder.requests).toHaveLength(2);
    expect(await t.connection.collection('geocode_cache').findOne({ _id: '-33.4489,-70.6693' as never })).toMatchObject({
      address: res.body.data.startAddress,
    });
  }, 20_000);

  it('caches "no address here" too, and gives null for it', async () => {
    geocoder.requests.length = 0;
    const res = await get(geoApp, `${main.vendorId}/trip/1001`).expect(200);
    expect(res.body.data).toMatchObject({ startAddress: null, endAddress: null });
    await get(geoApp, `${main.vendorId}/trip/1001`).expect(200);
    expect(geocoder.requests).toHaveLength(2);
  }, 20_000);

  it('needs only authentication; 401 without or with a bad token', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await get(t, `${main.vendorId}/trip/1001`, viewer.token).expect(200);
    expect((await request(t.server).get(`/api/trips/${main.vendorId}/trip/1001`).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    await get(t, `${main.vendorId}/trip/1001`, 'atk_bad').expect(401);
  });

  it("404 for an unknown trip or device, another client's device, or a device outside the tracker scope", async () => {
    const other = await createTenant(t.app);
    const foreign = await addAsset(t, other.clientId);
    await storeTrip(t, foreign.trackerId, 1001, ROUTE);
    const notFound = { error: 'Trip not found' };
    expect((await get(t, `${main.vendorId}/trip/999`).expect(404)).body).toEqual(notFound);
    expect((await get(t, `123/trip/1001`).expect(404)).body).toEqual(notFound);
    expect((await get(t, `${foreign.vendorId}/trip/1001`).expect(404)).body).toEqual(notFound);
    await get(t, `${foreign.vendorId}/trip/1001`, other.admin.token).expect(200);
    const scoped = await tenant.addUser({ trackerIds: [foreign.trackerId] });
    expect((await get(t, `${main.vendorId}/trip/1001`, scoped.token).expect(404)).body).toEqual(notFound);
  });

  it('answers assetId null when no asset has the device as main tracker', async () => {
    const untracked = await addAsset(t, tenant.clientId);
    await t.connection.collection('assets').updateOne({ mainTrackerId: untracked.trackerId }, { $unset: { mainTrackerId: '' } });
    await storeTrip(t, untracked.trackerId, 5, ROUTE);
    expect((await get(t, `${untracked.vendorId}/trip/5`).expect(200)).body.data.assetId).toBeNull();
  });

  it.each(['abc/trip/1', '1.5/trip/1', '-1/trip/1', '1e3/trip/1', '1/trip/x', '1/trip/-2', '1/trip/99999999999999999999', '%20/trip/1'])(
    '400 shape A for %s',
    async (path) => {
      const res = await get(t, path).expect(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/(vendorId|tripId) must be a non-negative integer/) });
    },
  );
});
