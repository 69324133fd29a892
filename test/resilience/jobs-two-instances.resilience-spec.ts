import { Types } from 'mongoose';
import { Jobs } from '@app/jobs';
import { createTestApp, TestApp } from '@app/testing';
import { costEntries, daysAgo, insertCustomTariff } from '../e2e/fuel-fixtures';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';

/** Enough cost entries that re-valuing them outlasts the moment of the kill. */
const COST_ENTRIES = 300_000;
/** The resume job's lease (src/fuel/price-change/price-change-resumer.ts) and a margin. */
const TAKEN_OVER_WITHIN_MS = 20_000 + 40_000;
/** The orphan sweep's period (src/inspections/submissions/orphan-work-order-sweep.ts). */
const SWEEP_PERIOD_MS = 15_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Background jobs with two app processes on one database: a recurring job runs once a period
 * across both, and a job whose instance is SIGKILLed while running it is finished by the other
 * once its lease expires.
 */
describe('background jobs across two app instances', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const apps: AppProcess[] = [];
  const jobs = () => t.connection.collection('jobs');

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    // Only the two app processes below may take jobs: the test's own in-process app polls too, and
    // once held the resume job itself (CI, 2026-11-26), so no process could be killed for it.
    await t.app.get(Jobs).beforeApplicationShutdown();
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await killHard(app);
    await t?.close();
  });

  it('runs a recurring job once a period, and finishes a killed instance’s job on the other', async () => {
    const env = { MONGODB_URI: process.env.MONGODB_URI as string, NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false', JOBS_POLL_MS: '200' };
    // Both running first: what each resumes at its start is behind it; the change below is
    // left to the recurring resume job, which one instance holds at a time.
    apps.push(...(await Promise.all([startAppProcess({ env }), startAppProcess({ env })])));

    // A price change committed (its job written) whose effects were never applied: what a crash
    // right after the commit point leaves, old enough for the resume job to take it.
    const { tariffId, openRecordId } = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    for (let i = 0; i < COST_ENTRIES; i += 50_000) {
      await t.connection.collection('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariffId, 50_000, daysAgo(1 + i / 50_000), 1000));
    }
    const changeId = new Types.ObjectId();
    await t.connection.collection('fuel_price_changes').insertOne({
      _id: changeId,
      key: `${tariffId.toHexString()}:1`,
      clientId: tenant.clientId,
      tariffId,
      version: 1,
      before: { name: 'Diésel flota', pricePerLiter: 1000 },
      after: { name: 'Diésel flota', pricePerLiter: 1234 },
      changedAt: new Date(Date.now() - 60_000),
      previousRecordId: openRecordId,
      state: 'pending',
      actor: { clientId: tenant.clientId, userId: tenant.admin.user._id, name: 'Admin', email: tenant.admin.email, credential: 'api_token' },
    });

    // One of them takes the resume job and starts the change (its first step writes the new price
    // record, whose id is the change's); SIGKILL that one in the middle of the re-valuation.
    const resume = 'fuel.price-changes.resume:recurring';
    let holder: string | null = null;
    const deadline = Date.now() + 60_000;
    while (!holder && Date.now() < deadline) {
      const [job, change, started] = await Promise.all([
        jobs().findOne({ _id: resume } as never),
        t.connection.collection('fuel_price_changes').findOne({ _id: changeId }),
        t.connection.collection('fuel_price_records').findOne({ _id: changeId }),
      ]);
      if (change?.state !== 'pending') throw new Error('the change finished before it could be interrupted: raise COST_ENTRIES');
      if (started && job?.leaseOwner && job.leaseUntil > new Date()) holder = String(job.leaseOwner);
      else await sleep(50);
    }
    expect(holder).not.toBeNull();
    const victim = apps.find((app) => holder!.includes(`:${app.child.pid}:`))!;
    expect(victim).toBeDefined();
    await killHard(victim);
    const killedAt = Date.now();
    expect(await t.connection.collection('fuel_price_changes').findOne({ _id: changeId })).toMatchObject({ state: 'pending' });

    // The survivor takes the job over once the lease has expired, and finishes the change once.
    const survivor = apps.find((app) => app !== victim)!;
    while ((await t.connection.collection('fuel_price_changes').findOne({ _id: changeId }))?.state !== 'completed') {
      if (Date.now() - killedAt > TAKEN_OVER_WITHIN_MS) throw new Error(`the change was not finished after the kill:\n${survivor.output()}`);
      await sleep(250);
    }
    expect(await t.connection.collection('fuel_cost_entries').countDocuments({ tariffId, pricePerLiter: { $ne: 1234 } })).toBe(0);
    expect(await t.connection.collection('fuel_tariffs').findOne({ _id: tariffId })).toMatchObject({ priceVersion: 1, pricePerLiter: 1234 });
    // Finished by the survivor, after the kill, and recorded once.
    expect((await t.connection.collection('fuel_price_changes').findOne({ _id: changeId }))?.completedAt.getTime()).toBeGreaterThan(killedAt);
    expect(
      await t.connection.collection('activity_events').countDocuments({ action: 'fuel_tariff.update', 'details.priceChangeId': changeId.toHexString() }),
    ).toBe(1);

    // Two instances again: a recurring sweep runs once a period across both, not once per instance.
    apps.push(await startAppProcess({ env }));
    const sweep = 'inspections.orphan-work-orders:recurring';
    await sleep(SWEEP_PERIOD_MS); // past the start-up runs
    const before = (await jobs().findOne({ _id: sweep } as never))?.runs as number;
    await sleep(4 * SWEEP_PERIOD_MS);
    const runs = ((await jobs().findOne({ _id: sweep } as never))?.runs as number) - before;
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(5);
  }, 400_000);
});
