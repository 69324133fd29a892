import request from 'supertest';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { scopeOfClient } from '@app/database';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { TripReportExportCache } from '../../src/fuel/export-cache/trip-report-export-cache.service';
import { PriceChangeResumer } from '../../src/fuel/price-change/price-change-resumer';
import { PriceChangesService } from '../../src/fuel/price-change/price-changes.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { costEntries, daysAgo, insertCustomTariff, priceChangeProbes } from './fuel-fixtures';
import { addAsset, ROUTE, storeTrip } from './positions-fixtures';

/**
 * The PATCH answers within PRICE_CHANGE_ANSWER_WITHIN_MS and the re-valuation goes on in the
 * background: here a second app on the same database answers at once (the bound at 0). Meanwhile
 * every reader shows the new price; the change runs once, under its lease, and the resume takes
 * only a change whose lease expired.
 */
describe('fuel price change answered before its re-valuation ends', () => {
  let t: TestApp;
  let quick: TestApp;
  let tenant: TestTenant;
  const { col, prices, generation } = priceChangeProbes(() => ({ t, tenant }));
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const patchAtOnce = (id: Types.ObjectId | string, body: object) =>
    request(quick.server)
      .patch(`/api/fuel-tariffs/${String(id)}`)
      .set(auth())
      .send(body);

  beforeAll(async () => {
    t = await createTestApp();
    quick = await createTestAppWithEnv({ PRICE_CHANGE_ANSWER_WITHIN_MS: '0' });
    tenant = await createTenant(t.app);
  }, 60_000);
  afterAll(async () => {
    await quick.close();
    await t.close();
  });

  /** A change committed by the service's own first step, as if another instance were running it (its lease theirs). */
  async function changeHeldElsewhere(tariffId: Types.ObjectId, pricePerLiter: number, leaseUntil: Date) {
    const stored = await col('fuel_tariffs').findOne({ _id: tariffId });
    const caller = {
      clientId: tenant.clientId,
      userId: tenant.admin.user._id,
      email: tenant.admin.email,
      credential: { kind: 'session' },
      request: { requestId: 'elsewhere', ip: '127.0.0.1' },
    };
    const job = await t.app.get(PriceChangesService).begin(caller as unknown as AuthContext, stored as never, { pricePerLiter });
    await col('fuel_price_changes').updateOne({ _id: job!._id }, { $set: { leaseOwner: 'another-instance', leaseUntil } });
    return job!;
  }

  async function until(what: string, done: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const completed = (tariffId: Types.ObjectId) => async () => (await col('fuel_price_changes').countDocuments({ tariffId, state: 'pending' })) === 0;
  const events = (tariffId: Types.ObjectId) => col('activity_events').find({ resourceId: tariffId.toHexString(), action: 'fuel_tariff.update' }).toArray();

  it('answers 200 with the new price and name at once; the change completes after, with one event', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 30, daysAgo(1), 1000));

    const res = await patchAtOnce(tariff.tariffId, { pricePerLiter: 1250, name: 'Diésel 2027' }).expect(200);

    expect(res.body.data).toMatchObject({ id: tariff.tariffId.toHexString(), pricePerLiter: 1250, name: 'Diésel 2027', custom: true, baseType: 'diesel' });
    await until('the change completed', completed(tariff.tariffId));
    const job = await col('fuel_price_changes').findOne({ tariffId: tariff.tariffId });
    expect(job).toMatchObject({ state: 'completed', version: 1, revaluedCount: 30, leaseOwner: null, leaseUntil: null });
    expect(new Date(res.body.data.priceValidFrom)).toEqual(job!.changedAt);
    expect(await prices(tariff.tariffId)).toEqual(Array(30).fill(1250));
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1250, name: 'Diésel 2027', priceVersion: 1 });
    expect(await events(tariff.tariffId)).toEqual([
      expect.objectContaining({ before: { name: 'Diésel flota', pricePerLiter: 1000 }, after: { name: 'Diésel 2027', pricePerLiter: 1250 } }),
    ]);
  });

  it('two changes at once both answer at once, and apply in order', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 20, daysAgo(1), 1000));
    const [a, b] = await Promise.all([patchAtOnce(tariff.tariffId, { pricePerLiter: 1300 }), patchAtOnce(tariff.tariffId, { pricePerLiter: 1400 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await until('both changes completed', completed(tariff.tariffId));
    const jobs = await col('fuel_price_changes').find({ tariffId: tariff.tariffId }).sort({ version: 1 }).toArray();
    expect(jobs.map((job) => [job.version, job.state])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);
    expect(jobs[1].before.pricePerLiter).toBe(jobs[0].after.pricePerLiter);
    const last = jobs[1].after.pricePerLiter;
    expect(await prices(tariff.tariffId)).toEqual(Array(20).fill(last));
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: last, priceVersion: 2 });
    expect(await col('fuel_price_records').countDocuments({ tariffId: tariff.tariffId, validTo: null })).toBe(1);
    expect(await events(tariff.tariffId)).toHaveLength(2);
  });

  it('while the re-valuation waits, every reader shows the new price alone; the resume leaves a live lease alone', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await storeTrip(t, asset.trackerId, 4001, ROUTE);
    await storeTrip(t, asset.trackerId, 4002, ROUTE);
    const created = (
      await request(t.server).post('/api/fuel-tariffs').set(auth()).send({ baseType: 'gasoline_95', name: 'Bencina 95 flota', pricePerLiter: 1000 }).expect(201)
    ).body.data;
    const tariffId = new Types.ObjectId(created.id as string);
    await request(t.server)
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId: created.id, consumptionLPer100Km: 12, tankCapacityL: 80 } })
      .expect(200);
    // Trip 4001 is costed before the change (0.534 L × 1000); 4002 only while it runs.
    const trip = (id: number) => request(t.server).get(`/api/trips/${asset.vendorId}/trip/${id}`).set(auth()).expect(200);
    expect((await trip(4001)).body.data.fuel).toEqual({ liters: 0.534, cost: 534, tariffId: created.id });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariffId, 25, daysAgo(1), 1000));

    // A change another instance is running (its lease live), and this request's change on top:
    // it waits for the first, so the window stays open while the readers are asked.
    const cache = t.app.get(TripReportExportCache);
    const file = { contentType: 'text/csv', content: Buffer.from('trips'), rows: 1 };
    expect(await cache.put(scopeOfClient(tenant.clientId), 'trips:window', await cache.generation(scopeOfClient(tenant.clientId)), file)).toBe(true);
    const first = await changeHeldElsewhere(tariffId, 1100, new Date(Date.now() + 10 * 60_000));
    const res = await patchAtOnce(tariffId, { pricePerLiter: 1200 }).expect(200);
    expect(res.body.data).toMatchObject({ id: created.id, pricePerLiter: 1200, name: 'Bencina 95 flota' });
    const second = await col('fuel_price_changes').findOne({ tariffId, version: 2 });
    expect(second).toMatchObject({ state: 'pending', before: { pricePerLiter: 1100 }, after: { pricePerLiter: 1200 }, previousRecordId: first._id });
    // Storage still holds the old price: the window is real.
    expect(new Set(await prices(tariffId))).toEqual(new Set([1000]));

    const listed = (await request(t.server).get('/api/fuel-tariffs?limit=100').set(auth()).expect(200)).body.data;
    expect(listed.find((x: { id: string }) => x.id === created.id)).toMatchObject({ pricePerLiter: 1200, priceValidFrom: second!.changedAt.toISOString() });
    const history = (await request(t.server).get('/api/fuel-prices/history?fuelType=gasoline_95').set(auth()).expect(200)).body.data;
    const own = history.filter((record: { scope: string }) => record.scope === 'client');
    expect(
      own.map((r: { id: string; pricePerLiter: number; validFrom: string; validTo: string | null }) => [r.id, r.pricePerLiter, r.validFrom, r.validTo]),
    ).toEqual([
      [second!._id.toHexString(), 1200, second!.changedAt.toISOString(), null],
      [first._id.toHexString(), 1100, first.changedAt.toISOString(), second!.changedAt.toISOString()],
      [expect.any(String), 1000, created.priceValidFrom, first.changedAt.toISOString()],
    ]);
    // 0.534 L × 1200: the trip costed before, and the one costed now (written at the new price).
    expect((await trip(4001)).body.data.fuel).toEqual({ liters: 0.534, cost: 640.8, tariffId: created.id });
    expect((await trip(4002)).body.data.fuel).toEqual({ liters: 0.534, cost: 640.8, tariffId: created.id });
    expect(await col('fuel_cost_entries').findOne({ tariffId, reference: 'trip 4002' })).toMatchObject({ pricePerLiter: 1200 });
    // No export built before the change is served, and none built now is kept.
    expect(await cache.get(scopeOfClient(tenant.clientId), 'trips:window')).toBeNull();
    expect(await cache.put(scopeOfClient(tenant.clientId), 'trips:window', await cache.generation(scopeOfClient(tenant.clientId)), file)).toBe(false);

    // Both leases are live (another instance's, and the quick app's while it waits): the resume skips both.
    expect(await t.app.get(PriceChangeResumer).resumePending()).toBe(0);
    expect(await col('fuel_price_changes').countDocuments({ tariffId, state: 'pending' })).toBe(2);
    expect(await col('fuel_price_changes').findOne({ _id: first._id })).toMatchObject({ leaseOwner: 'another-instance' });

    // The other instance dies: its lease expires, and the waiting change takes the first over, then runs.
    await col('fuel_price_changes').updateOne({ _id: first._id }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
    await until('both changes completed', completed(tariffId));
    expect(await prices(tariffId)).toEqual(Array(27).fill(1200));
    expect(await col('fuel_tariffs').findOne({ _id: tariffId })).toMatchObject({ pricePerLiter: 1200, priceVersion: 2, priceRecordId: second!._id });
    expect(await col('fuel_price_records').countDocuments({ tariffId, validTo: null })).toBe(1);
    expect((await events(tariffId)).map((event) => event.after.pricePerLiter).sort()).toEqual([1100, 1200]);
    expect((await trip(4002)).body.data.fuel.cost).toBe(640.8);
  });

  it('the resume takes a change whose lease expired, once', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 40, daysAgo(1), 1000));
    const job = await changeHeldElsewhere(tariff.tariffId, 1500, new Date(Date.now() + 10 * 60_000));
    const resumer = t.app.get(PriceChangeResumer);

    expect(await resumer.resumePending()).toBe(0);
    expect(await col('fuel_price_changes').findOne({ _id: job._id })).toMatchObject({ state: 'pending', leaseOwner: 'another-instance' });
    expect(new Set(await prices(tariff.tariffId))).toEqual(new Set([1000]));

    await col('fuel_price_changes').updateOne({ _id: job._id }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
    // This call, or the recurring resume of the same app if it came first: the change completes once.
    await resumer.resumePending();
    await until('the change completed', completed(tariff.tariffId));
    expect(await col('fuel_price_changes').findOne({ _id: job._id })).toMatchObject({ state: 'completed', revaluedCount: 40, leaseOwner: null });
    expect(await prices(tariff.tariffId)).toEqual(Array(40).fill(1500));
    expect(await events(tariff.tariffId)).toHaveLength(1);
    expect(await resumer.resumePending()).toBe(0);
  });

  it('a change failing in the background frees its lease, and the resume finishes it', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 10, daysAgo(1), 1000));
    const saved = await generation(tenant.clientId);
    // The client's export generation unreadable: the run fails at the invalidation, after the answer.
    await col('trip_report_export_generations').updateOne({ _id: tenant.clientId }, { $set: { generation: 'unreadable' } }, { upsert: true });

    const res = await patchAtOnce(tariff.tariffId, { pricePerLiter: 1900 }).expect(200);
    expect(res.body.data.pricePerLiter).toBe(1900);
    await until('the failed run freed its lease', async () => (await col('fuel_price_changes').findOne({ tariffId: tariff.tariffId }))?.leaseOwner === null);
    expect(await col('fuel_price_changes').findOne({ tariffId: tariff.tariffId })).toMatchObject({ state: 'pending' });
    // Readers still show the change whole.
    const listed = (await request(t.server).get('/api/fuel-tariffs?limit=100').set(auth()).expect(200)).body.data;
    expect(listed.find((x: { id: string }) => x.id === tariff.tariffId.toHexString()).pricePerLiter).toBe(1900);

    await col('trip_report_export_generations').updateOne({ _id: tenant.clientId }, { $set: { generation: saved } });
    await t.app.get(PriceChangeResumer).resumePending();
    await until('the change completed', completed(tariff.tariffId));
    expect(await prices(tariff.tariffId)).toEqual(Array(10).fill(1900));
    expect(await generation(tenant.clientId)).toBe(saved + 1);
    expect(await events(tariff.tariffId)).toHaveLength(1);
  });
});
