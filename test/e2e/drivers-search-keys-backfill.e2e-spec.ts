import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { DriverSearchKeysBackfill } from '../../src/drivers/driver-search-keys.backfill';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { rutOf } from '../factories/driver-sheet.factory';

/**
 * Drivers stored before the search keys existed (written here as the first release's import
 * wrote them: no nameKey, lastNameKey, cityKey) are found by `q` and `city` once the boot
 * backfill has run, in every client, and a second run changes nothing.
 */
describe('drivers: search keys of drivers written before them', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const list = (query: string, who = tenant) => request(t.server).get(`/api/drivers?${query}`).set('Authorization', `Bearer ${who.admin.token}`).expect(200);
  const oldDriver = (clientId: Types.ObjectId, userId: Types.ObjectId, firstName: string, lastName: string, rut: string, city: string) => {
    const now = new Date('2025-03-01T12:00:00Z');
    return { _id: new Types.ObjectId(), clientId, userId, rut, firstName, lastName, city, createdAt: now, updatedAt: now };
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    await t.connection
      .collection('drivers')
      .insertMany([
        oldDriver(tenant.clientId, tenant.admin.user._id, 'Ramón', 'Ibáñez', rutOf(11_222_333), 'Concepción'),
        oldDriver(other.clientId, other.admin.user._id, 'Lucía', 'Contreras', rutOf(11_222_334), 'Temuco'),
      ]);
  });
  afterAll(() => t.close());

  it('finds old drivers by name and city once their keys are written, in every client', async () => {
    // The app's own boot run may already have passed; the run below is the one that counts.
    await t.app.get(DriverSearchKeysBackfill).run();
    expect((await list('q=ibanez')).body.data.map((d: { lastname: string }) => d.lastname)).toEqual(['Ibáñez']);
    expect((await list('q=ramon%20iba')).body.data).toHaveLength(1);
    expect((await list('city=concepcion')).body.data).toHaveLength(1);
    expect((await list('q=lucia', other)).body.data.map((d: { firstname: string }) => d.firstname)).toEqual(['Lucía']);
    expect((await list('q=lucia')).body.data).toEqual([]);
    const stored = await t.connection.collection('drivers').findOne({ clientId: tenant.clientId, lastName: 'Ibáñez' });
    expect(stored).toMatchObject({ nameKey: 'ramon ibanez', lastNameKey: 'ibanez', cityKey: 'concepcion' });
  });

  it('changes nothing on a second run', async () => {
    expect(await t.app.get(DriverSearchKeysBackfill).run()).toBe(0);
  });
});
