import request from 'supertest';
import { Types } from 'mongoose';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '@app/testing';
import { NewFixes, ProcessedTracker, Replay, TrackerProcessor, TrackerProcessors } from '../../src/positions';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { TelemetryPointsReader } from '../../src/positions/store/telemetry-points.reader';
import { importMessagesCommand } from '../../src/cli/commands/import-messages.command';
import { DemoManifest } from '../../src/seed/demo-manifest';
import { DemoSeedService } from '../../src/seed/demo-seed.service';
import { DemoSimulator } from '../../src/seed/simulator/demo-simulator';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-processors-0123456789';

/**
 * A processor registered on the per-tracker path (what fleet events and meters are): it hears each
 * tracker on an asset once per batch, after the points are stored, with the new fixes in fix-time
 * order, whichever path brought them; late fixes come as a replay from a checkpoint with the
 * processor's own snapshot; a processor that fails fails the batch, and the next batch of the
 * tracker (its resend) brings what it missed.
 */
describe('tracker processors (the per-tracker path of ingestion)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let advanced: NewFixes[][];
  let replayed: Replay[];
  let readableWhenHeard: number[];
  let manifest: DemoManifest;
  let unregister: () => void;
  const counted = new Map<string, number>();
  const post = (body: unknown) =>
    request(t.server)
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send(body as object);
  const withDevice = (messages: object[], vendorId: number) => messages.map((m) => ({ 'device.id': vendorId, ...m }));

  /** Counts each asset's fixes; its snapshot is that count. */
  const recorder = (reader: TelemetryPointsReader): TrackerProcessor => ({
    name: 'recorder',
    prepare: () => Promise.resolve(),
    snapshot: (tracker: ProcessedTracker) => counted.get(tracker.assetId.toHexString()) ?? 0,
    replay: (replays) => {
      replayed.push(...replays);
      for (const replay of replays) counted.set(replay.assetId.toHexString(), (replay.snapshot as number) + replay.fixes.length);
      return Promise.resolve();
    },
    advance: async (batch) => {
      advanced.push([...batch]);
      for (const fixes of batch) counted.set(fixes.assetId.toHexString(), (counted.get(fixes.assetId.toHexString()) ?? 0) + fixes.fixes.length);
      // The points are stored before any processor hears of them.
      readableWhenHeard = await Promise.all(batch.map(async (fixes) => (await reader.points(fixes.trackerId.toHexString(), T0 - 1, T0 + 7200)).length));
    },
    flush: () => Promise.resolve(),
    forget: () => undefined,
  });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    // The demo seed fills an empty database only: first.
    manifest = await t.app.get(DemoSeedService).seed();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    unregister = t.app.get(TrackerProcessors).register(recorder(t.app.get(TelemetryPointsReader)));
    // The whole demo seed, like the other suites that run it: longer than a hook's default 30 s on a busy machine.
  }, 120_000);
  beforeEach(() => {
    advanced = [];
    replayed = [];
    readableWhenHeard = [];
  });
  afterAll(async () => {
    unregister();
    await t.close();
  });

  it('hears once per batch, after the write, each tracker on an asset with its client, asset and new fixes in fix-time order', async () => {
    // A tracker that is no asset's main tracker any more: stored, not processed.
    const spare = await addAsset(t, tenant.clientId);
    await t.connection.collection('assets').updateOne({ _id: new Types.ObjectId(spare.assetId) }, { $unset: { mainTrackerId: '' } });
    const shuffled = [ROUTE[3], ROUTE[0], ROUTE[2], ROUTE[0], ROUTE[1]];
    expect((await post([...withDevice(shuffled, asset.vendorId), ...withDevice([ROUTE[0]], spare.vendorId)]).expect(200)).body.data).toMatchObject({
      accepted: 5,
      duplicates: 1,
    });
    expect(advanced).toHaveLength(1);
    expect(advanced[0]).toHaveLength(1);
    const [mine] = advanced[0];
    expect(mine).toMatchObject({ clientId: tenant.clientId, trackerId: asset.trackerId, vendorId: asset.vendorId });
    expect(mine.assetId.toHexString()).toBe(asset.assetId);
    expect(mine.fixes.map((fix) => fix.ts)).toEqual([T0, T0 + 60, T0 + 120, T0 + 3590]);
    expect(readableWhenHeard).toEqual([4]);
    // Sent again: nothing new, nobody hears.
    await post(withDevice(shuffled, asset.vendorId)).expect(200);
    expect(advanced).toHaveLength(1);
  });

  it('hears a late fix as a replay from the checkpoint before it, with its own snapshot, then only what follows', async () => {
    await post(withDevice([ROUTE[4]], asset.vendorId)).expect(200);
    expect(counted.get(asset.assetId)).toBe(5);
    advanced = [];
    // T0 + 30 is older than everything but T0: a replay from the checkpoint kept before the first batch (nothing seen, count 0).
    await post(
      withDevice(
        [
          { ...ROUTE[0], timestamp: T0 + 30 },
          { ...ROUTE[4], timestamp: T0 + 3700 },
        ],
        asset.vendorId,
      ),
    ).expect(200);
    expect(replayed).toHaveLength(1);
    expect(replayed[0]).toMatchObject({ snapshot: 0, from: T0 - 3600, to: T0 + 3610 });
    expect(replayed[0].fixes.map((fix) => fix.ts)).toEqual([T0, T0 + 30, T0 + 60, T0 + 120, T0 + 3590, T0 + 3610]);
    expect(advanced.flat().map((fixes) => fixes.fixes.map((fix) => fix.ts))).toEqual([[T0 + 3700]]);
    expect(counted.get(asset.assetId)).toBe(7);
  });

  it('hears the batches of import-messages too', async () => {
    const imported = await addAsset(t, tenant.clientId);
    const file = join(mkdtempSync(join(tmpdir(), 'tracker-processors-')), 'route.json');
    writeFileSync(file, JSON.stringify(ROUTE));
    await importMessagesCommand.run(t.app, { 'vendor-id': String(imported.vendorId), file, 'batch-size': '3' });
    const told = advanced.flat().filter((fixes) => fixes.vendorId === imported.vendorId);
    expect(told.map((fixes) => fixes.fixes.length)).toEqual([3, 2]);
    expect(told.every((fixes) => fixes.assetId.toHexString() === imported.assetId)).toBe(true);
  });

  it('hears the demo simulator too', async () => {
    expect(await t.app.get(DemoSimulator).report()).toBeGreaterThan(0);
    const tracked = manifest.clients.acme.assets.tracked;
    expect(advanced.flat().some((fixes) => fixes.assetId.toHexString() === tracked && fixes.fixes.length === 1)).toBe(true);
  });

  it('a failing processor fails the batch (500, points kept); the resend brings every processor what it missed', async () => {
    const failing = await addAsset(t, tenant.clientId);
    const stop = t.app
      .get(TrackerProcessors)
      .register({ ...recorder(t.app.get(TelemetryPointsReader)), name: 'failing', advance: () => Promise.reject(new Error('processor down')) });
    const failed = await post(withDevice(ROUTE, failing.vendorId)).expect(500);
    expect(failed.body).toEqual({ message: expect.any(String) });
    stop();
    advanced = [];
    // Stored all the same: the resend is all duplicates, and brings the fixes nobody took.
    expect((await post(withDevice(ROUTE, failing.vendorId)).expect(200)).body.data).toMatchObject({ accepted: 0, duplicates: 5 });
    expect(
      advanced
        .flat()
        .find((fixes) => fixes.vendorId === failing.vendorId)
        ?.fixes.map((fix) => fix.ts),
    ).toEqual(ROUTE.map((m) => m.timestamp));
  });

  it("a compaction writes no tracker state ahead of the processors' states: one that cannot write them leaves the tracker where they stand", async () => {
    // A crash between the two writes would otherwise restart the processors from older states
    // than the tracker's: the fixes between them never heard (a geofence crossed twice, by a path
    // interpolated over the gap).
    const compaction = t.app.get(TelemetryCompaction);
    await compaction.compact();
    const stuck = await addAsset(t, tenant.clientId);
    const stateOf = () => t.connection.collection('telemetry_tracker_states').findOne({ _id: stuck.trackerId.toHexString() } as never);
    const stop = t.app.get(TrackerProcessors).register({
      ...recorder(t.app.get(TelemetryPointsReader)),
      name: 'unwritable',
      flush: (full) => (full ? Promise.reject(new Error('states not written')) : Promise.resolve()),
    });
    try {
      await post(withDevice(ROUTE, stuck.vendorId)).expect(200);
      await expect(compaction.compact()).rejects.toThrow('states not written');
      expect(await stateOf()).toBeNull();
    } finally {
      stop();
    }
    // The next compaction writes it, with everything the failed one left.
    await compaction.compact();
    expect(await stateOf()).toMatchObject({ processedTs: ROUTE.at(-1)!.timestamp, newestTs: ROUTE.at(-1)!.timestamp });
  });
});
