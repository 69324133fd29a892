import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { AppConfig } from '@app/config';
import { DatabaseLocation } from '@app/database';
import { TrackerRouting } from '@app/fleet';
import { haversineKm, LatestPositions, TelemetryIngestor } from '../../src/positions';
import { DEMO_ROUTES } from '../../src/seed/demo-routes';
import { DemoManifest } from '../../src/seed/demo-manifest';
import { DEMO_CLIENTS } from '../../src/seed/seeders/identity-fleet.seeder';
import { RouteWalker } from '../../src/seed/simulator/route-walker';
import { DemoSeedService } from '../../src/seed/demo-seed.service';
import { DemoSimulator } from '../../src/seed/simulator/demo-simulator';

interface LatestPosition {
  assetId: string;
  lat: number;
  lng: number;
  speed: number;
  timestamp: number;
  online: boolean;
}

/** `npm start`'s demo vehicles report positions through the ingestion path, so the map moves. */
describe('demo simulator', () => {
  let t: TestApp;
  let manifest: DemoManifest;
  const latest = async (token: string): Promise<LatestPosition[]> =>
    (await request(t.server).get('/api/positions/latest').set('Authorization', `Bearer ${token}`).expect(200)).body.data;

  beforeAll(async () => {
    // Read when the app module loads: this file's app asks for the simulator, every 200 ms.
    process.env.DEMO_SIMULATOR = 'true';
    process.env.DEMO_SIMULATOR_INTERVAL_MS = '200';
    t = await createTestApp();
    manifest = await t.app.get(DemoSeedService).seed();
  }, 120_000);
  afterAll(async () => {
    delete process.env.DEMO_SIMULATOR;
    delete process.env.DEMO_SIMULATOR_INTERVAL_MS;
    await t.close();
  });

  it('moves the demo vehicles: fresh positions that change from one report to the next', async () => {
    const admin = manifest.clients.acme.users.admin.apiToken;
    const tracked = manifest.clients.acme.assets.tracked;
    const started = Math.floor(Date.now() / 1000);
    const positionOfTracked = async () => (await latest(admin)).find((position) => position.assetId === tracked)!;
    await waitFor(async () => (await positionOfTracked()).timestamp >= started);
    const first = await positionOfTracked();
    expect(first).toMatchObject({ online: true, speed: expect.any(Number) });
    await waitFor(async () => (await positionOfTracked()).timestamp > first.timestamp);
    const second = await positionOfTracked();
    expect([second.lat, second.lng]).not.toEqual([first.lat, first.lng]);
  });

  it('reports through the client scope like any device: one client never sees the other’s vehicles', async () => {
    const globexAssets = new Set(Object.values(manifest.clients.globex.assets));
    expect((await latest(manifest.clients.acme.users.admin.apiToken)).some((position) => globexAssets.has(position.assetId))).toBe(false);
  });

  it('carries on after a restart from where each vehicle was last seen: no jump back to the start of its route', async () => {
    const running = t.app.get(DemoSimulator);
    await running.beforeApplicationShutdown();
    await sleep(1100); // its last report is in a past second
    // The first acme vehicle was last seen 30 km along its route (two fixes there: a jump from where
    // the running simulator left it is believed once a second fix agrees).
    const vendorId = DEMO_CLIENTS.acme.vendorBase + 1;
    const tracker = (await t.app.get(TrackerRouting).findByVendorId(vendorId))!;
    const walker = new RouteWalker(DEMO_ROUTES.santiago[0]);
    const now = Math.floor(Date.now() / 1000);
    const fixAt = (km: number, ts: number) => ({
      ts,
      lat: walker.at(km).lat,
      lng: walker.at(km).lng,
      speed: 70,
      dir: walker.at(km).direction,
      alt: 520,
      ignition: true,
      temps: {},
    });
    await t.app.get(TelemetryIngestor).ingestPoints(tracker, [fixAt(30, now), fixAt(30.02, now + 1)]);
    const seen = walker.at(30.02);
    await sleep(2100); // the restarted simulator's first report is newer
    const restarted = new DemoSimulator(
      t.app.get(AppConfig),
      t.app.get(DatabaseLocation),
      t.app.get(TrackerRouting),
      t.app.get(TelemetryIngestor),
      t.app.get(LatestPositions),
    );
    await restarted.report();
    const after = (await t.app.get(LatestPositions).of([tracker._id.toHexString()])).get(tracker._id.toHexString())!;
    expect(haversineKm(after.lat, after.lng, seen.lat, seen.lng)).toBeLessThan(0.5);
  });

  it('is on only when asked in tests', () => {
    expect(t.app.get(DemoSimulator).enabled).toBe(true);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
