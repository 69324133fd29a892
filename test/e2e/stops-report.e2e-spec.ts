import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { GeocoderStub, startGeocoderStub } from '@app/testing/geocoder-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-stops-0123456789';

/**
 * A scripted drive, one message a minute from T0 (15/01/2026 10:00 in Santiago): drive 10 min,
 * idle 4 min then park 16 min (ignition off), drive 10 min, a red light of 3 min with the engine
 * on, drive 5 min, park 30 min (until the last message).
 */
const PLAN: Array<['drive' | 'idle' | 'park', number]> = [
  ['drive', 10],
  ['idle', 4],
  ['park', 16],
  ['drive', 10],
  ['idle', 3],
  ['drive', 5],
  ['park', 30],
];

function drive(vendorId: number): object[] {
  const messages: object[] = [];
  let lng = 0;
  for (const [kind, minutes] of PLAN) {
    for (let m = 0; m < minutes; m++) {
      if (kind === 'drive' && messages.length > 0) lng = Math.round((lng + 0.01) * 100) / 100;
      messages.push({
        'device.id': vendorId,
        timestamp: T0 + messages.length * 60,
        'position.latitude': -33,
        'position.longitude': -70 + lng,
        'position.speed': kind === 'drive' ? 50 : 0,
        'engine.ignition.status': kind !== 'park',
      });
    }
  }
  return messages;
}

describe('POST /api/reports/stops', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let truck: TrackedFixture;
  let idleTruck: TrackedFixture;
  const report = (body: object, token = tenant.admin.token, server = t.server) =>
    request(server).post('/api/reports/stops').set('Authorization', `Bearer ${token}`).send(body);
  const DAY = { from: '15/01/2026', to: '15/01/2026' };
  // Stop 1 begins at minute 10, where the 10th drive message left the truck: -70 + 0.09.
  const FIRST_STOP = { lat: -33, lng: -69.91 };
  const EXPECTED_PERIODS = [
    { type: 'stop', ...FIRST_STOP, start: T0 + 600, end: T0 + 1800, durationSeconds: 1200, address: null },
    { type: 'idle', ...FIRST_STOP, start: T0 + 600, end: T0 + 840, durationSeconds: 240, address: null },
    { type: 'idle', lat: -33, lng: -69.81, start: T0 + 2400, end: T0 + 2580, durationSeconds: 180, address: null },
    { type: 'stop', lat: -33, lng: -69.76, start: T0 + 2880, end: T0 + 4620, durationSeconds: 1740, address: null },
  ];

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    truck = await addAsset(t, tenant.clientId, { name: 'Truck', plate: 'TR-0001' });
    idleTruck = await addAsset(t, tenant.clientId, { name: 'Parked', plate: 'PK-0001' });
    await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(drive(truck.vendorId)).expect(200);
  });
  afterAll(() => t.close());

  it('answers the stops and idling of the scripted drive, with totals; an asset without messages has none', async () => {
    const res = await report({ assetIds: [truck.assetId, idleTruck.assetId], ...DAY }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        assets: [
          {
            assetId: truck.assetId,
            assetName: 'Truck',
            licensePlate: 'TR-0001',
            vendorId: truck.vendorId,
            periods: EXPECTED_PERIODS,
            totals: { stops: 2, stopSeconds: 2940, idles: 2, idleSeconds: 420 },
          },
          {
            assetId: idleTruck.assetId,
            assetName: 'Parked',
            licensePlate: 'PK-0001',
            vendorId: idleTruck.vendorId,
            periods: [],
            totals: { stops: 0, stopSeconds: 0, idles: 0, idleSeconds: 0 },
          },
        ],
        totals: { stops: 2, stopSeconds: 2940, idles: 2, idleSeconds: 420 },
      },
    });
  });

  it("clips periods to the range (exact times in the client's time zone)", async () => {
    // 10:00 to 10:25 local: the first stop is cut at its last still message in the range (minute 25).
    const res = await report({ assetIds: [truck.assetId], from: '15/01/2026 10:00', to: '15/01/2026 10:25' }).expect(200);
    expect(res.body.data.assets[0].periods).toEqual([{ ...EXPECTED_PERIODS[0], end: T0 + 1500, durationSeconds: 900 }, EXPECTED_PERIODS[1]]);
  });

  it('skips foreign, unknown, untracked and out-of-scope assets', async () => {
    const untracked = await addAsset(t, tenant.clientId, { tracked: false });
    const limited = await tenant.addUser({ permissions: [Permission.Reports], trackerIds: [idleTruck.trackerId] });
    expect(
      (await report({ assetIds: [truck.assetId, idleTruck.assetId], ...DAY }, limited.token).expect(200)).body.data.assets.map(
        (a: { assetId: string }) => a.assetId,
      ),
    ).toEqual([idleTruck.assetId]);
    const other = await createTenant(t.app);
    expect((await report({ assetIds: [truck.assetId], ...DAY }, other.admin.token).expect(200)).body.data).toEqual({
      assets: [],
      totals: { stops: 0, stopSeconds: 0, idles: 0, idleSeconds: 0 },
    });
    expect((await report({ assetIds: [untracked.assetId, '65f000000000000000000009'], ...DAY }).expect(200)).body.data.assets).toEqual([]);
  });

  it('refuses bad input (400), no or a bad credential (401) and a role without access_reports (403)', async () => {
    const bodies = [
      {},
      { ...DAY },
      { assetIds: [], ...DAY },
      { assetIds: 'x', ...DAY },
      { assetIds: ['nope'], ...DAY },
      { assetIds: Array.from({ length: 501 }, () => truck.assetId), ...DAY },
      { assetIds: [truck.assetId], from: '2026-01-15', to: '15/01/2026' },
      { assetIds: [truck.assetId], from: '16/01/2026', to: '15/01/2026' },
      { assetIds: [truck.assetId], from: '01/01/2026', to: '15/02/2026' },
      { assetIds: [truck.assetId], from: 15, to: '15/01/2026' },
    ];
    for (const body of bodies) expect((await report(body).expect(400)).body).toEqual({ error: expect.any(String) });
    await request(t.server)
      .post('/api/reports/stops')
      .send({ assetIds: [truck.assetId], ...DAY })
      .expect(401);
    await report({ assetIds: [truck.assetId], ...DAY }, 'atk_not_a_token').expect(401);
    const positionsOnly = await tenant.addUser({ permissions: [Permission.Positions] });
    await report({ assetIds: [truck.assetId], ...DAY }, positionsOnly.token).expect(403);
  });

  describe('with a geocoder', () => {
    let geocoder: GeocoderStub;
    let geoApp: TestApp;
    beforeAll(async () => {
      geocoder = await startGeocoderStub();
      geocoder.addresses.set(`${FIRST_STOP.lat},${FIRST_STOP.lng}`, 'Depot, Santiago');
      geoApp = await createTestAppWithEnv({ GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '1000' });
    });
    afterAll(async () => {
      await geoApp.close();
      await geocoder.close();
    });

    it('gives each period the address of where it began (one lookup per place)', async () => {
      const res = await report({ assetIds: [truck.assetId], ...DAY }, tenant.admin.token, geoApp.server).expect(200);
      const periods = res.body.data.assets[0].periods;
      expect(periods.slice(0, 2).map((p: { address: string }) => p.address)).toEqual(['Depot, Santiago', 'Depot, Santiago']);
      expect(periods.slice(2).map((p: { address: string | null }) => p.address)).toEqual([null, null]); // "Unable to geocode", or the rate limit's give-up
      expect(geocoder.requests.filter((r) => Number(r.lat) === FIRST_STOP.lat && Number(r.lon) === FIRST_STOP.lng)).toHaveLength(1);
    });
  });
});
