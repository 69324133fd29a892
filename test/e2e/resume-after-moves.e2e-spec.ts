import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { LogRecovery } from '../../src/positions/pipeline/log-recovery';
import { TrackerProcessors } from '../../src/positions';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { TrackerOwnership } from '../../src/positions/pipeline/tracker-ownership';
import { TrackerPipeline } from '../../src/positions/pipeline/tracker-pipeline.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, boxRing, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-resume-moves-0123456789';
const T0 = Math.floor(Date.now() / 1000) - 2 * 3600;
const LAT0 = -33.45;
const LNG0 = -70.7;
const M_LNG = 1 / (111_320 * Math.cos((LAT0 * Math.PI) / 180));
const M_LAT = 1 / 111_320;

/** Fix k: driving east 100 m a fix, 10 s apart, until fix 60, then parked there (ignition off). */
const fixOf = (vendorId: number, k: number) => ({
  'device.id': vendorId,
  timestamp: T0 + k * 10,
  'position.latitude': LAT0,
  'position.longitude': Number((LNG0 + Math.min(k, 60) * 100 * M_LNG).toFixed(7)),
  'position.speed': k < 60 ? 36 : 0,
  'engine.ignition.status': k < 60,
});
const batchOf = (vendorId: number, from: number) => Array.from({ length: 10 }, (_, j) => fixOf(vendorId, from + j));

/**
 * A crash after a late batch moved events and corrected the engine hours: the instance that takes
 * the tracker up resumes the log entries the last compaction left — with the entry of a batch
 * that compaction ran during, whose processors' states it wrote part-way — and finds each event
 * once, where the moves put it, and the hours as corrected.
 */
describe('taking up a tracker whose late batch moved its events', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const ring = boxRing(LNG0 + 5950 * M_LNG, LAT0 - 100 * M_LAT, LNG0 + 6500 * M_LNG, LAT0 + 100 * M_LAT);
    await request(t.server)
      .post('/api/geofences')
      .set(auth())
      .send({ name: 'Patio', geometry: { type: 'Polygon', coordinates: [ring] } })
      .expect(201);
  });
  afterAll(() => t.close());

  /** Drops the tracker's partition unwritten (the process was killed) and takes it up again from the log, as its next owner would. */
  async function crashAndTakeUp(tracker: TrackedFixture) {
    const ownership = t.app.get(TrackerOwnership);
    const partition = ownership.partitionOf(tracker.trackerId.toHexString());
    t.app.get(TrackerPipeline).forgetPartition(partition, true);
    ownership.unready(partition);
    expect(await t.app.get(LogRecovery).recover([partition])).toBeGreaterThan(0);
    ownership.markReady(partition);
    await t.app.get(TelemetryCompaction).flush();
  }

  /** One enter and one ignition off at fix 60, and the ignition on from the first fix to the 60th: 600 s, not the 700 s of the gap batch 7 saw. */
  async function expectOnceAndCorrected(tracker: TrackedFixture) {
    const range = `from=${new Date((T0 - 60) * 1000).toISOString()}&to=${new Date((T0 + 3600) * 1000).toISOString()}`;
    const events = (await request(t.server).get(`/api/events?assetId=${tracker.assetId}&${range}`).set(auth()).expect(200)).body.data;
    const seen = events.map((e: { type: string; occurredAt: string }) => `${e.type}@${Date.parse(e.occurredAt) / 1000 - T0}`).sort();
    expect(seen).toEqual(['geofence.enter@600', 'ignition.off@600']);
    const meters = (await request(t.server).get(`/api/assets/${tracker.assetId}/meters`).set(auth()).expect(200)).body.data;
    expect(meters.engineHours * 3600).toBeCloseTo(600, -1);
  }

  it('lists one enter and one ignition off at the late batch’s times, and counts the engine hours it corrected', async () => {
    const a = await addAsset(t, tenant.clientId);
    for (let b = 0; b < 6; b++) await ingestMessages(t, TOKEN, batchOf(a.vendorId, b * 10));
    await ingestMessages(t, TOKEN, batchOf(a.vendorId, 70));
    await t.app.get(TelemetryCompaction).compact();
    await ingestMessages(t, TOKEN, batchOf(a.vendorId, 60));
    await crashAndTakeUp(a);
    await expectOnceAndCorrected(a);
  });

  it('takes up a batch a compaction ran during (its processors part-way): its entry stays in the log until they are through', async () => {
    const a = await addAsset(t, tenant.clientId);
    for (let b = 0; b < 6; b++) await ingestMessages(t, TOKEN, batchOf(a.vendorId, b * 10));
    await t.app.get(TelemetryCompaction).compact();
    // A processor that holds batch 7 until a compaction has run: the meters have counted it by then, its events may not be stored.
    let entered!: () => void;
    let open!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve));
    const stop = t.app.get(TrackerProcessors).register({
      name: 'held',
      prepare: () => Promise.resolve(),
      snapshot: () => null,
      replay: () => Promise.resolve(),
      advance: async (batch) => {
        if (!batch.some((fixes) => fixes.fixes.some((fix) => fix.ts === T0 + 700))) return;
        entered();
        await gate;
      },
      flush: () => Promise.resolve(),
      forget: () => undefined,
    });
    try {
      const sending = ingestMessages(t, TOKEN, batchOf(a.vendorId, 70)).then(() => undefined);
      await inside;
      await t.app.get(TelemetryCompaction).compact();
      open();
      await sending;
    } finally {
      stop();
    }
    await ingestMessages(t, TOKEN, batchOf(a.vendorId, 60));
    await crashAndTakeUp(a);
    await expectOnceAndCorrected(a);
  });
});
