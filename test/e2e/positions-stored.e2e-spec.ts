import request from 'supertest';
import { Types } from 'mongoose';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '@app/testing';
import { PositionsStored, StoredFixes } from '../../src/positions';
import { TelemetryPointsReader } from '../../src/positions/store/telemetry-points.reader';
import { importMessagesCommand } from '../../src/cli/commands/import-messages.command';
import { DemoManifest } from '../../src/seed/demo-manifest';
import { DemoSeedService } from '../../src/seed/demo-seed.service';
import { DemoSimulator } from '../../src/seed/simulator/demo-simulator';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-stored-0123456789';

/**
 * The seam out of ingestion: a subscriber of `PositionsStored` hears every stored batch once,
 * after the write, per tracker in fix-time order with its client and asset, whichever path
 * brought it; a subscriber that fails fails the batch, and the resend reaches it again.
 */
describe('PositionsStored (the notification after each stored batch)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let heard: StoredFixes[][];
  let readableWhenHeard: number[];
  let unsubscribe: () => void;
  let manifest: DemoManifest;
  const post = (body: unknown) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(body as object);
  const withDevice = (messages: object[], vendorId: number) => messages.map((m) => ({ 'device.id': vendorId, ...m }));

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    // The demo seed fills an empty database only: first.
    manifest = await t.app.get(DemoSeedService).seed();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    const reader = t.app.get(TelemetryPointsReader);
    unsubscribe = t.app.get(PositionsStored).subscribe(async (batch) => {
      heard.push([...batch]);
      // The points are stored before anyone hears of them.
      readableWhenHeard = await Promise.all(batch.map(async (fixes) => (await reader.points(fixes.trackerId.toHexString(), T0 - 1, T0 + 7200)).length));
    });
    // The whole demo seed, like the other suites that run it: longer than a hook's default 30 s on a busy machine.
  }, 120_000);
  beforeEach(() => {
    heard = [];
    readableWhenHeard = [];
  });
  afterAll(async () => {
    unsubscribe();
    await t.close();
  });

  it('tells once per batch, after the write, each tracker with its client, asset and fixes in fix-time order', async () => {
    // A tracker that is no asset's main tracker any more.
    const spare = await addAsset(t, tenant.clientId);
    await t.connection.collection('assets').updateOne({ _id: new Types.ObjectId(spare.assetId) }, { $unset: { mainTrackerId: '' } });
    const shuffled = [ROUTE[3], ROUTE[0], ROUTE[2], ROUTE[0], ROUTE[1]];
    await post([...withDevice(shuffled, asset.vendorId), ...withDevice([ROUTE[0]], spare.vendorId)]).expect(200);
    expect(heard).toHaveLength(1);
    const [mine, others] = [heard[0].find((f) => f.vendorId === asset.vendorId)!, heard[0].find((f) => f.vendorId === spare.vendorId)!];
    expect(mine).toMatchObject({ clientId: tenant.clientId, trackerId: asset.trackerId, assetId: expect.anything(), added: 4, latestTsBefore: null });
    expect(mine.assetId!.toHexString()).toBe(asset.assetId);
    expect(mine.fixes.map((fix) => fix.ts)).toEqual([T0, T0 + 60, T0 + 120, T0 + 3590]);
    expect(mine.latest).toMatchObject({ ts: T0 + 3590 });
    expect(others).toMatchObject({ assetId: null, added: 1 });
    expect(readableWhenHeard.sort()).toEqual([1, 4]);
  });

  it('a late fix is told with the newest timestamp stored before it; a resend is told again with nothing added', async () => {
    await post(withDevice([ROUTE[4]], asset.vendorId)).expect(200);
    heard = [];
    await post(withDevice([ROUTE[1], ROUTE[4]], asset.vendorId)).expect(200);
    expect(heard).toHaveLength(1);
    expect(heard[0][0]).toMatchObject({ added: 0, latestTsBefore: T0 + 3610, latest: null });
    expect(heard[0][0].fixes.map((fix) => fix.ts)).toEqual([T0 + 60, T0 + 3610]);
  });

  it('reaches subscribers from import-messages too', async () => {
    const imported = await addAsset(t, tenant.clientId);
    const file = join(mkdtempSync(join(tmpdir(), 'positions-stored-')), 'route.json');
    writeFileSync(file, JSON.stringify(ROUTE));
    await importMessagesCommand.run(t.app, { 'vendor-id': String(imported.vendorId), file, 'batch-size': '3' });
    const told = heard.flat().filter((fixes) => fixes.vendorId === imported.vendorId);
    expect(told.map((fixes) => fixes.fixes.length)).toEqual([3, 2]);
    expect(told.every((fixes) => fixes.assetId?.toHexString() === imported.assetId)).toBe(true);
  });

  it('reaches subscribers from the demo simulator too', async () => {
    expect(await t.app.get(DemoSimulator).report()).toBeGreaterThan(0);
    const tracked = manifest.clients.acme.assets.tracked;
    expect(heard.flat().some((fixes) => fixes.assetId?.toHexString() === tracked && fixes.added === 1)).toBe(true);
  });

  it('a failing subscriber fails the batch (500, points kept); the resend reaches every subscriber again', async () => {
    const failing = await addAsset(t, tenant.clientId);
    const stop = t.app.get(PositionsStored).subscribe(() => {
      throw new Error('subscriber down');
    });
    const failed = await post(withDevice(ROUTE, failing.vendorId)).expect(500);
    expect(failed.body).toEqual({ message: expect.any(String) });
    stop();
    heard = [];
    expect((await post(withDevice(ROUTE, failing.vendorId)).expect(200)).body.data).toMatchObject({ accepted: 0, duplicates: 5 });
    expect(heard[0][0]).toMatchObject({ added: 0, fixes: expect.arrayContaining([expect.objectContaining({ ts: T0 })]) });
  });
});
