import { scopeOfClient } from '@app/database';
import type { AuthContext } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { FuelCostsService } from '../../src/fuel/costs/fuel-costs.service';
import { TripReportExportCache } from '../../src/fuel/export-cache/trip-report-export-cache.service';
import { PriceChangeResumer } from '../../src/fuel/price-change/price-change-resumer';
import { PriceChangesService } from '../../src/fuel/price-change/price-changes.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { costEntries, daysAgo, insertCustomTariff, priceChangeProbes } from './fuel-fixtures';

describe('fuel price change interrupted: all or nothing for readers, resumed once', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const { patch, col, prices, generation } = priceChangeProbes(() => ({ t, tenant }));

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  /**
   * A change that fails after the re-valuation, before the tariff moves: the client's export
   * generation is unreadable, so the invalidation's `$inc` fails and the request answers 500.
   */
  async function failedChange(newPrice: number) {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 40, daysAgo(1), 1000));
    const saved = await generation(tenant.clientId);
    const generations = col('trip_report_export_generations');
    await generations.updateOne({ _id: tenant.clientId }, { $set: { generation: 'unreadable' } }, { upsert: true });
    const res = await patch(tariff.tariffId, { pricePerLiter: newPrice }).expect(500);
    expect(res.body).toEqual({ message: expect.any(String) });
    const repair = () => generations.updateOne({ _id: tenant.clientId }, { $set: { generation: saved } });
    return { tariff, repair, saved };
  }

  it('a change that fails half-way is all or nothing for readers, and the resume finishes it once', async () => {
    const cache = t.app.get(TripReportExportCache);
    await cache.put(scopeOfClient(tenant.clientId), 'trips:q4', await cache.generation(scopeOfClient(tenant.clientId)), {
      contentType: 'text/csv',
      content: Buffer.from('a,b'),
      rows: 1,
    });
    const { tariff, repair, saved } = await failedChange(1500);

    // Committed but not finished: the job is pending, the tariff has not moved.
    const job = await col('fuel_price_changes').findOne({ tariffId: tariff.tariffId });
    expect(job).toMatchObject({ state: 'pending', after: { pricePerLiter: 1500 } });
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1000, priceVersion: 0 });
    // Readers see the change whole: every cost at the new price, no export served.
    await repair();
    const lines = await t.app.get(FuelCostsService).list(scopeOfClient(tenant.clientId), tariff.tariffId);
    expect(new Set(lines.map((line) => line.pricePerLiter))).toEqual(new Set([1500]));
    expect(await cache.get(scopeOfClient(tenant.clientId), 'trips:q4')).toBeNull();

    // The boot-time resume finishes it; a second resume finds nothing to do.
    const resumer = t.app.get(PriceChangeResumer);
    expect(await resumer.resumePending()).toBe(1);
    expect(await prices(tariff.tariffId)).toEqual(Array(40).fill(1500));
    expect(await col('fuel_price_changes').findOne({ _id: job!._id })).toMatchObject({ state: 'completed', revaluedCount: 40 });
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1500, priceVersion: 1, priceRecordId: job!._id });
    expect(await col('fuel_price_records').countDocuments({ tariffId: tariff.tariffId, validTo: null })).toBe(1);
    expect(await generation(tenant.clientId)).toBe(saved + 1);
    const events = await col('activity_events').find({ resourceId: tariff.tariffId.toHexString() }).toArray();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ before: { pricePerLiter: 1000 }, after: { pricePerLiter: 1500 }, actor: { userId: tenant.admin.user._id } });
    expect(await resumer.resumePending()).toBe(0);
  });

  it('a re-valuation interrupted inside its updateMany never shows two prices, and the resume re-values only the rest', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    const { insertedIds } = await col('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 40, daysAgo(1), 1000));
    // The state a crash in the middle of the re-valuation leaves: the job committed (by the
    // service's own first step) and the first 15 entries written by the runner's `$set`.
    const stored = await col('fuel_tariffs').findOne({ _id: tariff.tariffId });
    const caller = {
      clientId: tenant.clientId,
      userId: tenant.admin.user._id,
      email: tenant.admin.email,
      credential: { kind: 'session' },
      request: { requestId: 'crash', ip: '127.0.0.1' },
    };
    const job = await t.app.get(PriceChangesService).begin(caller as unknown as AuthContext, stored as never, { pricePerLiter: 1800 });
    const firstIds = Object.values(insertedIds).slice(0, 15);
    await col('fuel_cost_entries').updateMany({ _id: { $in: firstIds } }, { $set: { pricePerLiter: 1800, priceChangeId: job!._id } });
    expect(new Set(await prices(tariff.tariffId))).toEqual(new Set([1800, 1000]));

    const lines = await t.app.get(FuelCostsService).list(scopeOfClient(tenant.clientId), tariff.tariffId);
    expect(new Set(lines.map((line) => line.pricePerLiter))).toEqual(new Set([1800]));

    expect(await t.app.get(PriceChangeResumer).resumePending()).toBe(1);
    expect(await prices(tariff.tariffId)).toEqual(Array(40).fill(1800));
    expect(await col('fuel_price_changes').findOne({ _id: job!._id })).toMatchObject({ state: 'completed', revaluedCount: 40 });
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1800, priceVersion: 1 });
  });

  it('a pending change is finished before the tariff’s next edit', async () => {
    const { tariff, repair } = await failedChange(1600);
    await repair();
    const res = await patch(tariff.tariffId, { name: 'Diésel reparado' }).expect(200);
    expect(res.body.data).toMatchObject({ name: 'Diésel reparado', pricePerLiter: 1600 });
    expect(await prices(tariff.tariffId)).toEqual(Array(40).fill(1600));
    expect(await col('fuel_price_changes').countDocuments({ tariffId: tariff.tariffId, state: 'pending' })).toBe(0);
  });

  it('an app that boots finds the pending change and finishes it', async () => {
    const { tariff, repair } = await failedChange(1700);
    await repair();
    // A second app on the same database (its own module registry, so its own mongoose): its
    // boot resumes pending changes in the background.
    const rebooted = await createTestAppWithEnv({});
    try {
      const deadline = Date.now() + 15_000;
      while ((await col('fuel_price_changes').countDocuments({ tariffId: tariff.tariffId, state: 'pending' })) > 0) {
        if (Date.now() > deadline) throw new Error('the pending change was not resumed at boot');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await rebooted.close();
    }
    expect(await prices(tariff.tariffId)).toEqual(Array(40).fill(1700));
    expect(await col('fuel_tariffs').findOne({ _id: tariff.tariffId })).toMatchObject({ pricePerLiter: 1700, priceVersion: 1 });
  });
});
