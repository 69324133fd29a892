import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { PartitionBalancer } from '../../src/positions/pipeline/partition-balancer';
import { addAsset, boxRing, TrackedFixture } from '../e2e/positions-fixtures';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';

const TOKEN = 'two-instances-ingest-token-0123456789';
const TRACKERS = 50;
/** Fixes of each tracker per batch, and batches: 300 fixes 10 s apart, 50 minutes of driving and stops. */
const FIXES_PER_BATCH = 10;
const BATCHES = 30;
const T0 = Math.floor(Date.now() / 1000) - 2 * 3600;
const LAT0 = -33.45;
const LNG0 = -70.7;
const M_LAT = 1 / 111_320;
const M_LNG = 1 / (111_320 * Math.cos((LAT0 * Math.PI) / 180));
/** The lanes of the trackers, 100 m apart northwards; bands 200 m wide across every lane, 1.5 km apart eastwards. */
const LANE_M = 100;
const BAND_EVERY_M = 1500;
const BANDS = 6;

/**
 * Tracker i's k-th fix: driving east at 36 km/h (100 m a fix) along its lane with the ignition on,
 * parked 40 fixes (400 s, ignition off: its trip ends) after every 60, so each crosses the bands,
 * speeds through their 20 km/h limit, turns its ignition and makes trips.
 */
function fixOf(vendorId: number, lane: number, k: number) {
  const cycle = k % 100;
  const driving = cycle < 60;
  const drivenFixes = Math.floor(k / 100) * 60 + Math.min(cycle, 60);
  return {
    'device.id': vendorId,
    timestamp: T0 + k * 10,
    'position.latitude': Number((LAT0 + lane * LANE_M * M_LAT).toFixed(7)),
    'position.longitude': Number((LNG0 + drivenFixes * 100 * M_LNG).toFixed(7)),
    'position.speed': driving ? 36 : 0,
    'engine.ignition.status': driving,
  };
}

/** Batch b of a fleet: FIXES_PER_BATCH fixes of each of its trackers. */
const batchOf = (fleet: readonly TrackedFixture[], b: number) =>
  fleet.flatMap((tracker, lane) => Array.from({ length: FIXES_PER_BATCH }, (_, j) => fixOf(tracker.vendorId, lane, b * FIXES_PER_BATCH + j)));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Ingestion with two app processes on one database: each tracker is processed by the instance that
 * holds its partition's lease, the other hands its batches over. Batches of the same 50 trackers
 * sent to both at once, interleaved, give what one instance fed the same messages in order gives —
 * latest positions, trips, events, alerts, meters — and one of the two killed mid-run loses nothing
 * acknowledged (its batches sent again, as a flespi stream does, to the one left).
 */
describe('ingestion across two app instances', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const apps: AppProcess[] = [];
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const post = (app: AppProcess, messages: object[]) =>
    fetch(`${app.url}/api/telemetry/flespi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(messages),
      signal: AbortSignal.timeout(60_000),
    });
  const get = async (app: AppProcess, path: string) => {
    const res = await fetch(`${app.url}${path}`, { headers: auth() });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).data;
  };
  /** Batches sent again, per test (printed): none on an idle machine. */
  let resent = 0;
  /**
   * Sends a batch until it is acknowledged, as a flespi stream does: again after a 503 (an instance
   * that owns some of its trackers did not take the handover in time, docs/telemetry.md — on a
   * loaded machine) and, once an instance may be gone (`lost`), after no answer or any other.
   * Otherwise an answer but 200 or 503 fails the test.
   */
  const deliver = async (target: () => AppProcess, messages: object[], { lost = false } = {}) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await post(target(), messages).catch((error: Error) => {
        if (lost) return null;
        throw error;
      });
      if (answer?.status === 200) return;
      if (!lost && answer && answer.status !== 503) throw new Error(`a batch was answered ${answer.status}: ${await answer.text()}`);
      resent++;
      await sleep(500);
    }
    throw new Error('a batch was never acknowledged');
  };
  const fleet = () => Promise.all(Array.from({ length: TRACKERS }, () => addAsset(t, tenant.clientId)));

  /** What an instance answers of a tracker, with its own ids and times taken out (comparable between trackers driving the same route). */
  async function outcome(app: AppProcess, tracker: TrackedFixture) {
    const range = `from=${new Date((T0 - 60) * 1000).toISOString()}&to=${new Date((T0 + 86_400) * 1000).toISOString()}`;
    const day = (ts: number) => new Date(ts * 1000).toLocaleDateString('en-GB', { timeZone: 'America/Santiago' });
    const [latest, trips, events, alerts, meters] = await Promise.all([
      get(app, `/api/positions/latest?assetIds=${tracker.assetId}`),
      get(app, `/api/trips/${tracker.vendorId}?from=${day(T0)}&to=${day(T0 + 86_400)}&limit=200`),
      get(app, `/api/events?assetId=${tracker.assetId}&${range}&limit=200`),
      get(app, `/api/alerts?assetId=${tracker.assetId}&limit=200`),
      get(app, `/api/assets/${tracker.assetId}/meters`),
    ]);
    return {
      latest: latest.map((p: { timestamp: number; lat: number; lng: number }) => [p.timestamp - T0, p.lat, p.lng]),
      trips: trips.map((trip: { begin: number; end: number; distance: number }) => [trip.begin - T0, trip.end - T0, trip.distance]),
      events: events
        .map((e: { type: string; occurredAt: string; geofenceId: string | null }) => `${e.type}@${Date.parse(e.occurredAt) / 1000 - T0}:${e.geofenceId ?? ''}`)
        .sort(),
      alerts: alerts.map((a: { state: string; eventIds: string[] }) => `${a.state}:${a.eventIds.length}`).sort(),
      meters: [Math.round(meters.odometerKm * 1000), Math.round(meters.engineHours * 1000)],
    };
  }

  async function expectSame(app: AppProcess, subject: readonly TrackedFixture[], reference: readonly TrackedFixture[]) {
    for (let i = 0; i < subject.length; i++) {
      const [mine, theirs] = await Promise.all([outcome(app, subject[i]), outcome(app, reference[i])]);
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) await printStored(subject[i]);
      expect({ tracker: i, ...mine }).toEqual({ tracker: i, ...theirs });
    }
  }

  /** What the database holds of a tracker that differs (a flake's only trace in CI's output): its events with their ids and times, its meters, its state. */
  async function printStored(tracker: TrackedFixture) {
    const assetId = new Types.ObjectId(tracker.assetId);
    const events = await t.connection.collection('fleet_events').find({ assetId }).sort({ occurredAt: 1 }).toArray();
    const since = (date: Date) => date.getTime() / 1000 - T0;
    const stored = {
      events: events.map((e) => `${e._id} ${e.type}@${since(e.occurredAt)} detected ${e.detectedAt.toISOString()}`),
      meters: await t.connection.collection('asset_meters').findOne({ _id: assetId }),
      tracker: await t.connection.collection('telemetry_tracker_states').findOne({ _id: tracker.trackerId.toHexString() } as never),
    };
    console.log(`tracker ${tracker.vendorId} differs; stored: ${JSON.stringify(stored, null, 1)}`);
  }

  /** Until the meters of the last batch are written (every second) and nothing is pending. */
  const settle = async () => {
    await sleep(3000);
    for (let waited = 0; waited < 60_000 && (await t.connection.collection('telemetry_log').countDocuments({ state: 'pending' })) > 0; waited += 500)
      await sleep(500);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    // Only the two app processes below process telemetry: this test's own app leaves the partitions to them.
    await t.app.get(PartitionBalancer).onApplicationShutdown();
    for (let band = 0; band < BANDS; band++) {
      const west = LNG0 + (band + 1) * BAND_EVERY_M * M_LNG;
      const east = west + 200 * M_LNG;
      const ring = boxRing(west, LAT0 - 50 * M_LAT, east, LAT0 + (2 * TRACKERS + 1) * LANE_M * M_LAT);
      await request(t.server)
        .post('/api/geofences')
        .set(auth())
        .send({ name: `Banda ${band}`, geometry: { type: 'Polygon', coordinates: [ring] }, speedLimitKmh: 20 })
        .expect(201);
    }
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({ name: 'Bandas y encendido', eventTypes: ['geofence.enter', 'geofence.exit', 'ignition.on', 'ignition.off'], allAssets: true })
      .expect(201);
    const env = {
      MONGODB_URI: process.env.MONGODB_URI as string,
      NODE_ENV: 'development',
      RATE_LIMIT_ENABLED: 'false',
      TELEMETRY_INGEST_TOKENS: TOKEN,
      READ_CACHE_TTL_SECONDS: '1',
    };
    apps.push(...(await Promise.all([startAppProcess({ env }), startAppProcess({ env })])));
    // Until both hold their share: 8 partitions each.
    for (let waited = 0; waited < 60_000; waited += 500) {
      const owners = await t.connection.collection('telemetry_partitions').distinct('owner', { _id: { $ne: 'count' }, owner: { $ne: null } } as never);
      if (owners.length === 2) break;
      await sleep(500);
    }
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await killHard(app);
    await t?.close();
  });

  it('gives, fed interleaved batches of the same trackers on both, what one instance fed them in order gives', async () => {
    const [a, b] = apps;
    const [reference, subject] = [await fleet(), await fleet()];
    resent = 0;
    for (let k = 0; k < BATCHES; k++) await deliver(() => a, batchOf(reference, k));
    // Consecutive batches of the same trackers at the same time, one on each instance.
    for (let k = 0; k < BATCHES; k += 2) await Promise.all([deliver(() => a, batchOf(subject, k)), deliver(() => b, batchOf(subject, k + 1))]);
    console.log(`two instances, interleaved: ${resent} of ${3 * BATCHES} batches sent again after a 503`);
    await settle();
    await expectSame(a, subject, reference);
    // Whichever instance answers, the same.
    expect(await outcome(b, subject[7])).toEqual(await outcome(a, subject[7]));
    // And what was sent once, each message stored once: the statistics' positions.
    const stats = await request(t.server)
      .post('/api/positions/stats')
      .set(auth())
      .send({
        assetIds: subject.map((tracker) => tracker.assetId),
        from: new Date(T0 * 1000).toLocaleDateString('en-GB', { timeZone: 'America/Santiago' }),
        to: new Date((T0 + 86_400) * 1000).toLocaleDateString('en-GB', { timeZone: 'America/Santiago' }),
      })
      .expect(200);
    expect(stats.body.data.globalStats.totalPositions).toBe(TRACKERS * BATCHES * FIXES_PER_BATCH);
  }, 600_000);

  it('loses nothing acknowledged when one of the two is killed mid-run: its batches go to the other', async () => {
    const [a, b] = apps;
    const [reference, subject] = [await fleet(), await fleet()];
    resent = 0;
    for (let k = 0; k < BATCHES; k++) await deliver(() => a, batchOf(reference, k));
    let killed = false;
    /** To the instance left once one is gone. */
    const send = (target: AppProcess, k: number) => deliver(() => (killed && target === b ? a : target), batchOf(subject, k), { lost: true });
    for (let k = 0; k < BATCHES; k += 2) {
      const sending = Promise.all([send(a, k), send(b, k + 1)]);
      if (k === 10) {
        await sleep(50);
        await killHard(b);
        killed = true;
      }
      await sending;
    }
    console.log(`two instances, one killed: ${resent} batches sent again`);
    await settle();
    await expectSame(a, subject, reference);
  }, 600_000);
});
