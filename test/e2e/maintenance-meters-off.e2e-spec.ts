import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

const TOKEN = 'ingest-token-meters-off-0123456789';
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
const ORIGIN = { lat: -33.45, lng: -70.65 };
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;

/**
 * `METERS_FROM_TELEMETRY=false`: the instance counts no meters for the trackers it processes. A
 * file of its own: meters are counted by the instance that processes a tracker, and here that is
 * this one, alone on its database.
 */
describe('asset meters with METERS_FROM_TELEMETRY=false', () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    process.env.METERS_FROM_TELEMETRY = 'false';
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    delete process.env.METERS_FROM_TELEMETRY;
    await t.close();
  });

  it('stores the fixes and leaves the meters alone', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const fix = (s: number, northKm: number, extra: object = {}) => ({
      'device.id': asset.vendorId,
      timestamp: T0 + s,
      'position.latitude': ORIGIN.lat + northKm / KM_PER_DEG,
      'position.longitude': ORIGIN.lng,
      'position.speed': 40,
      ...extra,
    });
    // 2 km and 10 minutes of ignition: stored, not counted.
    const sent = await request(t.server)
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send([fix(0, 0, { 'engine.ignition.status': true }), fix(300, 1), fix(600, 2)])
      .expect(200);
    expect(sent.body.data.accepted).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past a write of the meters, were they counted
    const read = await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    expect(read.body.data).toEqual({ odometerKm: 0, engineHours: 0, odometerSource: 'telemetry', updatedAt: null });
  });
});
