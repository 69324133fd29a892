import request from 'supertest';
import { DateTime } from 'luxon';
import { createTestApp, TestApp } from '@app/testing';
import { PositionsDemoSeeder } from '../../src/seed/seeders/positions.seeder';
import { DemoClientContext } from '../../src/seed/demo-manifest';
import { IdentityFleetSeeder } from '../../src/seed/seeders/identity-fleet.seeder';

/** The demo manifest's telemetry keys (`assets.tracked` telemetry, `vendorIds.tracked`, `trip`) hold what they promise. */
describe('demo data: telemetry and trips', () => {
  let t: TestApp;
  let contexts: DemoClientContext[];
  let seedMs: number;

  beforeAll(async () => {
    t = await createTestApp();
    contexts = [await t.app.get(IdentityFleetSeeder).seedClient('acme'), await t.app.get(IdentityFleetSeeder).seedClient('globex')];
    const started = Date.now();
    for (const context of contexts) await t.app.get(PositionsDemoSeeder).seed(context);
    seedMs = Date.now() - started;
  }, 60_000);
  afterAll(() => t.close());

  it('seeds both clients in a few seconds', () => {
    // About 1.3 s a client measured here (docs/telemetry.md); the bound leaves room for a loaded machine.
    expect(seedMs).toBeLessThan(20_000);
  });

  it('completes vendorIds.tracked and trip', () => {
    for (const context of contexts) {
      expect(context.manifest.vendorIds).toMatchObject({ tracked: context.trackers.tracked.vendorId });
      expect(context.manifest.trip).toEqual({ vendorId: context.trackers.tracked.vendorId, tripId: expect.any(Number) });
    }
  });

  it('gives the tracked asset a position a minute over the last 10 days, with speeds and two sensors', async () => {
    const acme = contexts[0];
    const zone = 'America/Santiago';
    const from = DateTime.now().setZone(zone).minus({ days: 9 }).toFormat('dd/MM/yyyy');
    const to = DateTime.now().setZone(zone).toFormat('dd/MM/yyyy HH:mm:ss');
    const auth = { Authorization: `Bearer ${acme.manifest.users.admin.apiToken}` };
    const body = { assetIds: [acme.manifest.assets.tracked, acme.manifest.assets.untracked, acme.manifest.assets.outOfScope] };
    const positions = await request(t.server)
      .post('/api/positions/stats')
      .set(auth)
      .send({ ...body, from, to })
      .expect(200);
    const [tracked] = positions.body.data.assetsPositionsStats;
    expect(tracked.assetId).toBe(acme.manifest.assets.tracked);
    expect(tracked.stats.totalPositions).toBeGreaterThan(8 * 1440);
    expect(tracked.stats.maxSpeed).toBeGreaterThan(60);
    expect(tracked.stats.totalDistanceKm).toBeGreaterThan(1000);
    expect(positions.body.data.assetsPositionsStats).toHaveLength(2);
    const temps = await request(t.server)
      .post(`/api/reports/temperature/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
      .set(auth)
      .send(body)
      .expect(200);
    expect(temps.body.data.assetsTemperatureStats[0].sensors.map((s: { sensor: string }) => s.sensor)).toEqual(['temperature.1', 'temperature.2']);
    // The operator's scope excludes assets.outOfScope.
    const operator = { Authorization: `Bearer ${acme.manifest.users.operator.apiToken}` };
    const scoped = await request(t.server)
      .post('/api/positions/stats')
      .set(operator)
      .send({ ...body, from, to })
      .expect(200);
    expect(scoped.body.data.assetsPositionsStats.map((a: { assetId: string }) => a.assetId)).toEqual([acme.manifest.assets.tracked]);
  });

  it('answers the manifest trip, and 404 to the other client', async () => {
    const [acme, globex] = contexts;
    const { vendorId, tripId } = acme.manifest.trip as { vendorId: number; tripId: number };
    const res = await request(t.server)
      .get(`/api/trips/${vendorId}/trip/${tripId}`)
      .set('Authorization', `Bearer ${acme.manifest.users.viewer.apiToken}`)
      .expect(200);
    expect(res.body.data).toMatchObject({ id: tripId, clientId: acme.manifest.id, assetId: acme.manifest.assets.tracked, type: 'trip' });
    expect(res.body.data.positions.length).toBeGreaterThan(30);
    await request(t.server).get(`/api/trips/${vendorId}/trip/${tripId}`).set('Authorization', `Bearer ${globex.manifest.users.admin.apiToken}`).expect(404);
  });
});
