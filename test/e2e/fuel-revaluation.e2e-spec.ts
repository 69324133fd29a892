import { scopeOfClient } from '@app/database';
import { createTestApp, TestApp } from '@app/testing';
import { FuelCostsService } from '../../src/fuel/costs/fuel-costs.service';
import { TripReportExportCache } from '../../src/fuel/export-cache/trip-report-export-cache.service';
import { PriceChangeResumer } from '../../src/fuel/price-change/price-change-resumer';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { costEntries, daysAgo, insertCustomTariff, priceChangeProbes } from './fuel-fixtures';

describe('fuel price change: re-valuation, validities, export cache, concurrency', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const { patch, col, prices, generation } = priceChangeProbes(() => ({ t, tenant }));

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('re-values every cost the tariff priced, no other tariff’s, and closes the replaced validity', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000, previousPrice: 950 });
    const neighbour = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany([
      ...costEntries(tenant.clientId, tariff.tariffId, 10, daysAgo(1), 1000),
      ...costEntries(tenant.clientId, tariff.tariffId, 3, daysAgo(30), 950),
      ...costEntries(tenant.clientId, neighbour.tariffId, 4, daysAgo(1), 1000),
    ]);

    const res = await patch(tariff.tariffId, { pricePerLiter: 1100 }).expect(200);

    expect(await prices(tariff.tariffId)).toEqual(Array(13).fill(1100));
    expect(await prices(neighbour.tariffId)).toEqual([1000, 1000, 1000, 1000]);
    const job = await col('fuel_price_changes').findOne({ tariffId: tariff.tariffId });
    expect(job).toMatchObject({ state: 'completed', version: 1, revaluedCount: 13 });
    const marked = await col('fuel_cost_entries').countDocuments({ tariffId: tariff.tariffId, priceChangeId: job!._id });
    expect(marked).toBe(13);
    const validFrom = new Date(res.body.data.priceValidFrom);
    expect(await col('fuel_price_records').findOne({ _id: tariff.openRecordId })).toMatchObject({ pricePerLiter: 1000, validTo: validFrom });
    expect(await col('fuel_price_records').findOne({ _id: job!._id })).toMatchObject({
      scope: 'client',
      fuelType: 'diesel',
      pricePerLiter: 1100,
      validFrom,
      validTo: null,
    });

    const lines = await t.app.get(FuelCostsService).list(scopeOfClient(tenant.clientId), tariff.tariffId);
    expect(lines).toHaveLength(13);
    expect(lines.every((line) => line.pricePerLiter === 1100 && line.cost === line.liters * 1100)).toBe(true);
  });

  it('a correction right after a change applies to the same costs, and to those recorded between', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 3, daysAgo(2), 1000));
    await patch(tariff.tariffId, { pricePerLiter: 1010 }).expect(200);
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 2, new Date(), 1010));
    await patch(tariff.tariffId, { pricePerLiter: 1020 }).expect(200);
    expect(await prices(tariff.tariffId)).toEqual(Array(5).fill(1020));
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1020, priceVersion: 2 });
  });

  it('invalidates the client’s cached trip report exports, and only the client’s', async () => {
    const cache = t.app.get(TripReportExportCache);
    const other = await createTenant(t.app);
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    const file = { contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 trips'), rows: 1 };
    const mine = await cache.generation(scopeOfClient(tenant.clientId));
    expect(await cache.put(scopeOfClient(tenant.clientId), 'trips:2026-11', mine, file)).toBe(true);
    expect(await cache.put(scopeOfClient(other.clientId), 'trips:2026-11', await cache.generation(scopeOfClient(other.clientId)), file)).toBe(true);
    expect((await cache.get(scopeOfClient(tenant.clientId), 'trips:2026-11'))?.content.toString()).toBe('%PDF-1.7 trips');

    await patch(tariff.tariffId, { pricePerLiter: 1234 }).expect(200);

    expect(await cache.get(scopeOfClient(tenant.clientId), 'trips:2026-11')).toBeNull();
    expect(await col('trip_report_exports').countDocuments({ clientId: tenant.clientId })).toBe(0);
    expect(await cache.generation(scopeOfClient(tenant.clientId))).toBe(mine + 1);
    expect((await cache.get(scopeOfClient(other.clientId), 'trips:2026-11'))?.content.toString()).toBe('%PDF-1.7 trips');
    // An export built before the change is not stored after it.
    expect(await cache.put(scopeOfClient(tenant.clientId), 'trips:2026-11', mine, file)).toBe(false);
    expect(await cache.put(scopeOfClient(tenant.clientId), 'trips:2026-11', mine + 1, file)).toBe(true);
    expect(await cache.get(scopeOfClient(tenant.clientId), 'trips:2026-11')).not.toBeNull();
  });

  it('running a completed change again changes nothing', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 5, daysAgo(1), 1000));
    await patch(tariff.tariffId, { pricePerLiter: 1111 }).expect(200);
    const state = async () => ({
      entries: await col('fuel_cost_entries').find({ tariffId: tariff.tariffId }).toArray(),
      records: await col('fuel_price_records').find({ tariffId: tariff.tariffId }).toArray(),
      tariff: await col('fuel_tariffs').findOne({ _id: tariff.tariffId }),
      generation: await generation(tenant.clientId),
    });
    const before = await state();
    await col('fuel_price_changes').updateOne({ tariffId: tariff.tariffId }, { $set: { state: 'pending' } });
    expect(await t.app.get(PriceChangeResumer).resumePending()).toBe(1);
    expect(await state()).toEqual(before);
  });

  it('concurrent changes of one tariff queue up: both apply, in order, and the costs end at the last', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 20, daysAgo(1), 1000));
    const [a, b] = await Promise.all([patch(tariff.tariffId, { pricePerLiter: 1300 }), patch(tariff.tariffId, { pricePerLiter: 1400 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const jobs = await col('fuel_price_changes').find({ tariffId: tariff.tariffId }).sort({ version: 1 }).toArray();
    expect(jobs.map((job) => [job.version, job.state])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);
    const last = jobs[1].after.pricePerLiter;
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: last, priceVersion: 2 });
    expect(await prices(tariff.tariffId)).toEqual(Array(20).fill(last));
    const records = await col('fuel_price_records').find({ tariffId: tariff.tariffId }).sort({ validFrom: 1 }).toArray();
    expect(records.map((r) => r.pricePerLiter)).toEqual([950, 1000, jobs[0].after.pricePerLiter, last]);
    expect(records.filter((r) => r.validTo === null)).toHaveLength(1);
  });

  it('two concurrent requests for the same price make one change', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    const [a, b] = await Promise.all([patch(tariff.tariffId, { pricePerLiter: 1250 }), patch(tariff.tariffId, { pricePerLiter: 1250 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.pricePerLiter, b.body.data.pricePerLiter]).toEqual([1250, 1250]);
    expect(await col('fuel_price_changes').countDocuments({ tariffId: tariff.tariffId })).toBe(1);
    expect(await col('activity_events').countDocuments({ resourceId: tariff.tariffId.toHexString() })).toBe(1);
  });
});
