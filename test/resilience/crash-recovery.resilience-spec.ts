import { rutCheckDigit } from '@app/formats';
import { createTestApp, TestApp } from '@app/testing';
import { Types } from 'mongoose';
import { costEntries, daysAgo, insertCustomTariff } from '../e2e/fuel-fixtures';
import { addAsset, TrackedFixture } from '../e2e/positions-fixtures';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, descendantsOf, killHard, startAppProcess, stillRunning } from '../support/app-process';

/** Kills at random moments for about this long (each cycle: start, traffic, kill); at least MIN_KILLS. */
const CHAOS_MS = 120_000;
const MIN_KILLS = 5;
// The traffic is bounded, not only the time: a fast machine would otherwise write so much that
// the checks afterwards outlast the test (386 imports of 1 000 rows in one run here).
const MAX_IMPORTS = 80;
const MAX_PRICE_CHANGES = 60;
/** The app's start-up, from spawn to a healthy answer, on this 2-core machine from sources. */
const START_BOUND_MS = 60_000;
const INGEST_TOKEN = 'crash-recovery-ingest-token-0123456789';
const COST_ENTRIES = 2000;
const POINTS_PER_BATCH = 240;

/**
 * The app killed with SIGKILL at random moments under mixed writes (driver imports of 1000 rows,
 * telemetry batches resent until acknowledged, fuel price changes), restarted each time on the
 * same database (the run's server, which outlives the app). Afterwards: every 2xx is stored,
 * no telemetry point counted twice, every price change completed once, nothing left running,
 * and each restart healthy within its bound (issue 21, reduced).
 */
describe('the app killed at random moments under write traffic', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let trackers: TrackedFixture[];
  let tariffId: Types.ObjectId;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    trackers = [await addAsset(t, tenant.clientId), await addAsset(t, tenant.clientId)];
    ({ tariffId } = await insertCustomTariff(t.connection, tenant.clientId));
    await t.connection.collection('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariffId, COST_ENTRIES, daysAgo(1), 1000));
  }, 120_000);
  afterAll(async () => {
    if (app) await killHard(app);
    await t?.close();
  });

  it('loses no acknowledged write, counts nothing twice, finishes every price change', async () => {
    const env = { MONGODB_URI: process.env.MONGODB_URI as string, NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false', TELEMETRY_INGEST_TOKENS: INGEST_TOKEN };
    const auth = { authorization: `Bearer ${tenant.admin.apiToken}`, 'content-type': 'application/json' };
    const acknowledgedRuts: string[] = [];
    const telemetry = telemetryPlan(trackers);
    const priceChanges = { acknowledged: [] as number[], interrupted: [] as number[], next: 1001 };
    let importCount = 0;
    const startTimes: number[] = [];
    const leftovers: string[] = [];
    let kills = 0;
    const chaosEnd = Date.now() + CHAOS_MS;

    const post = (url: string, path: string, body: unknown, headers: Record<string, string>, method = 'POST') =>
      fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });

    for (let cycle = 0; ; cycle++) {
      const spawned = Date.now();
      app = await startAppProcess({ env, startTimeoutMs: START_BOUND_MS });
      startTimes.push(Date.now() - spawned);
      const last = kills >= MIN_KILLS && Date.now() >= chaosEnd;
      const { url } = app;
      let alive = true;

      const importer = async () => {
        while (alive && importCount < MAX_IMPORTS) {
          const base = 40_000_000 + importCount++ * 1000;
          const rows = Array.from({ length: 1000 }, (_, i) => {
            const body = String(base + i);
            return { row: i + 2, firstName: 'Caída', lastName: `Brusca ${base + i}`, rut: `${body}-${rutCheckDigit(body)}` };
          });
          const res = await post(url, '/api/drivers/import', { rows }, auth).catch(() => undefined);
          if (!res) return;
          if (res.status === 201) acknowledgedRuts.push(...rows.map((row) => row.rut));
        }
      };
      const ingester = async () => {
        // A batch is resent, across restarts, until acknowledged; then the next one.
        while (alive && telemetry.next < telemetry.batches.length) {
          const res = await post(url, '/api/telemetry/flespi', telemetry.batches[telemetry.next], { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' }).catch(() => undefined);
          if (!res) return;
          if (res.status !== 200) throw new Error(`telemetry answered ${res.status}: ${await res.text()}`);
          telemetry.next++;
        }
      };
      const pricer = async () => {
        while (alive && priceChanges.next < 1001 + MAX_PRICE_CHANGES) {
          const price = priceChanges.next++;
          const res = await post(url, `/api/fuel-tariffs/${tariffId.toHexString()}`, { pricePerLiter: price }, auth, 'PATCH').catch(() => undefined);
          if (!res) return void priceChanges.interrupted.push(price);
          if (res.status !== 200) throw new Error(`price change answered ${res.status}: ${await res.text()}`);
          priceChanges.acknowledged.push(price);
        }
      };

      if (last) {
        // The final run: finish the telemetry still unacknowledged, let the resumer finish.
        alive = true;
        await ingester();
        await untilNoPendingPriceChange(t, 60_000);
        break;
      }
      const traffic = Promise.all([importer(), ingester(), pricer()]);
      await new Promise((done) => setTimeout(done, 1000 + Math.random() * 5000));
      const started = descendantsOf(app.child.pid as number);
      await killHard(app);
      alive = false;
      kills++;
      await traffic;
      await new Promise((done) => setTimeout(done, 3000));
      leftovers.push(...stillRunning(started).map(({ pid, command }) => `${pid} ${command.slice(0, 120)}`));
    }

    // eslint-disable-next-line no-console
    console.log(
      `crash recovery: ${kills} kills; ${acknowledgedRuts.length / 1000} imports acknowledged; ` +
        `${telemetry.batches.length} telemetry batches; price changes ${priceChanges.acknowledged.length} acknowledged, ` +
        `${priceChanges.interrupted.length} interrupted; start-up ${Math.min(...startTimes)}-${Math.max(...startTimes)} ms`,
    );
    expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
    expect(leftovers).toEqual([]);
    expect(Math.max(...startTimes)).toBeLessThan(START_BOUND_MS);

    // Every acknowledged import is stored.
    const stored = new Set((await t.connection.collection('drivers').find({ clientId: tenant.clientId }, { projection: { rut: 1 } }).toArray()).map((d) => d.rut));
    expect(acknowledgedRuts.filter((rut) => !stored.has(rut))).toEqual([]);

    // Every point once: in the hours, and in the day summaries built from them.
    for (const tracker of trackers) {
      const hours = await t.connection.collection('telemetry_hours').find({ trackerId: tracker.trackerId }).toArray();
      const days = await t.connection.collection('telemetry_days').find({ trackerId: tracker.trackerId }).toArray();
      const sent = telemetry.pointsOf.get(tracker.vendorId);
      expect(hours.reduce((sum, hour) => sum + hour.n, 0)).toBe(sent);
      expect(days.reduce((sum, day) => sum + Object.values(day.hours as Record<string, { positions: number }>).reduce((s, h) => s + h.positions, 0), 0)).toBe(sent);
      // The steps after the write were finished too (by a resend, when a kill fell between them).
      const latest = await t.connection.collection('telemetry_latest').findOne({ _id: tracker.trackerId.toHexString() } as never);
      expect(latest?.ts).toBe(telemetry.lastTsOf.get(tracker.vendorId));
    }

    // Every price change that was started finished once: versions without gaps, all completed,
    // each re-valued every cost entry of the tariff, one open validity, entries at the last price.
    const jobs = await t.connection.collection('fuel_price_changes').find({ tariffId }).sort({ version: 1 }).toArray();
    expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
    expect(jobs.map((job) => job.version)).toEqual(jobs.map((_, i) => i + 1));
    expect(jobs.filter((job) => job.revaluedCount !== COST_ENTRIES).map((job) => [job.version, job.revaluedCount])).toEqual([]);
    const applied = new Set(jobs.map((job) => job.after.pricePerLiter));
    expect(priceChanges.acknowledged.filter((price) => !applied.has(price))).toEqual([]);
    const tariff = await t.connection.collection('fuel_tariffs').findOne({ _id: tariffId });
    expect(tariff?.priceVersion).toBe(jobs.length);
    expect(tariff?.pricePerLiter).toBe(jobs.at(-1)?.after.pricePerLiter ?? 1000);
    expect(await t.connection.collection('fuel_price_records').countDocuments({ tariffId, validTo: null })).toBe(1);
    const prices = await t.connection.collection('fuel_cost_entries').distinct('pricePerLiter', { tariffId });
    expect(prices).toEqual([tariff?.pricePerLiter]);
  }, CHAOS_MS + 480_000);
});

/** Batches of flespi messages for the trackers, each timestamp once, in order. */
function telemetryPlan(trackers: readonly TrackedFixture[]) {
  const batches: object[][] = [];
  const pointsOf = new Map<number, number>();
  const lastTsOf = new Map<number, number>();
  const start = Math.floor(Date.now() / 1000) - 10 * 86_400;
  for (let b = 0; b < 150; b++) {
    const batch: object[] = [];
    for (const { vendorId } of trackers) {
      for (let i = 0; i < POINTS_PER_BATCH / trackers.length; i++) {
        const n = b * POINTS_PER_BATCH + i;
        batch.push({ 'device.id': vendorId, timestamp: start + n * 30, 'position.latitude': -33.45 + n * 1e-4, 'position.longitude': -70.66, 'position.speed': 40 + (n % 20), 'engine.ignition.status': true });
        pointsOf.set(vendorId, (pointsOf.get(vendorId) ?? 0) + 1);
        lastTsOf.set(vendorId, start + n * 30);
      }
    }
    batches.push(batch);
  }
  return { batches, pointsOf, lastTsOf, next: 0 };
}

async function untilNoPendingPriceChange(t: TestApp, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await t.connection.collection('fuel_price_changes').countDocuments({ state: 'pending' })) > 0) {
    if (Date.now() > deadline) throw new Error('price changes still pending after the restart');
    await new Promise((done) => setTimeout(done, 250));
  }
}
