import { Types } from 'mongoose';
import { DataMigrations } from '@app/database';
import { createTestApp, TestApp } from '@app/testing';
import { DriverSearchKeysBackfill } from '../../src/drivers/driver-search-keys.backfill';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { rutOf } from '../factories/driver-sheet.factory';

/**
 * The boot's backfills run until a boot finds nothing left to convert, then are recorded in
 * `data_migrations` and skipped: each reads its whole collection, and would at every boot.
 */
describe('data migrations: a boot backfill runs until a pass finds nothing left', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const BOOT_BACKFILLS = ['alerts.unsettled-starts', 'drivers.search-keys', 'driving.harsh-months', 'inbox.per-user-entries'];
  const finished = async () => (await t.connection.collection('data_migrations').find({}).toArray()).map((entry) => String(entry._id)).sort();
  const oldDriver = async (rut: number) => {
    const now = new Date('2025-03-01T12:00:00Z');
    const _id = new Types.ObjectId();
    // As the first release's import wrote it: no search keys.
    await t.connection.collection('drivers').insertOne({
      _id,
      clientId: tenant.clientId,
      userId: tenant.admin.user._id,
      rut: rutOf(rut),
      firstName: 'Ramón',
      lastName: 'Ibáñez',
      city: 'Concepción',
      createdAt: now,
      updatedAt: now,
    });
    return async () => (await t.connection.collection('drivers').findOne({ _id }))?.nameKey;
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('records each boot backfill finished once the first boot of an empty database found nothing to convert', async () => {
    // They run in the background after the boot.
    for (let waited = 0; (await finished()).length < BOOT_BACKFILLS.length && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await finished()).toEqual(BOOT_BACKFILLS);
    for (const entry of await t.connection.collection('data_migrations').find({}).toArray()) expect(entry.finishedAt).toBeInstanceOf(Date);
  });

  it('is not finished by a pass that converted something, is by the next that converts nothing, and then does not run', async () => {
    const migrations = t.app.get(DataMigrations);
    const backfill = t.app.get(DriverSearchKeysBackfill);
    const first = await oldDriver(12_345_678);
    expect(await migrations.untilFinished('test.search-keys', () => backfill.run())).toBe(1);
    expect(await first()).toBe('ramon ibanez');
    expect(await finished()).not.toContain('test.search-keys');
    // An instance of the version before wrote another meanwhile (a rolling deploy): the next boot converts it.
    const second = await oldDriver(12_345_679);
    expect(await migrations.untilFinished('test.search-keys', () => backfill.run())).toBe(1);
    expect(await second()).toBe('ramon ibanez');
    expect(await migrations.untilFinished('test.search-keys', () => backfill.run())).toBe(0);
    expect(await finished()).toContain('test.search-keys');
    // Finished: not run again, whatever is in the collection.
    const third = await oldDriver(12_345_680);
    expect(await migrations.untilFinished('test.search-keys', () => backfill.run())).toBeNull();
    expect(await third()).toBeUndefined();
  });

  it('skips a finished backfill at the next boot on the same database', async () => {
    const next = await createTestApp();
    try {
      const run = jest.fn(() => next.app.get(DriverSearchKeysBackfill).run());
      expect(await next.app.get(DataMigrations).untilFinished('drivers.search-keys', run)).toBeNull();
      expect(run).not.toHaveBeenCalled();
    } finally {
      await next.close();
    }
  });
});
