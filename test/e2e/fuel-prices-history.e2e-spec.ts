import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { insertCustomTariff } from './fuel-fixtures';

describe('GET /api/fuel-prices/history', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const at = (iso: string) => new Date(iso);
  const history = (token: string, query = '') => request(t.server).get(`/api/fuel-prices/history${query}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    [tenant, other] = await Promise.all([createTenant(t.app), createTenant(t.app)]);
    const records = t.connection.collection('fuel_price_records');
    const mine = { clientId: tenant.clientId, scope: 'client', tariffId: new Types.ObjectId() };
    await records.insertMany([
      { scope: 'global', fuelType: 'diesel', pricePerLiter: 1010, validFrom: at('2026-10-01T00:00:00Z'), validTo: at('2026-10-08T00:00:00Z') },
      { scope: 'global', fuelType: 'diesel', pricePerLiter: 998, validFrom: at('2026-10-08T00:00:00Z'), validTo: null },
      { scope: 'global', fuelType: 'gasoline_95', pricePerLiter: 1301, validFrom: at('2026-10-08T00:00:00Z'), validTo: null },
      { ...mine, fuelType: 'diesel', pricePerLiter: 990, validFrom: at('2026-10-05T12:00:00Z'), validTo: at('2026-10-20T00:00:00Z') },
      { ...mine, fuelType: 'diesel', pricePerLiter: 1020, validFrom: at('2026-10-20T00:00:00Z'), validTo: null },
      { clientId: other.clientId, scope: 'client', fuelType: 'diesel', pricePerLiter: 500, validFrom: at('2026-10-25T00:00:00Z'), validTo: null },
    ]);
  });
  afterAll(() => t.close());

  it('mixes the client’s own and the global records of a grade, newest validFrom first', async () => {
    const res = await history(tenant.admin.token, '?fuelType=diesel').expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.map((r: { pricePerLiter: number; scope: string }) => [r.pricePerLiter, r.scope])).toEqual([
      [1020, 'client'],
      [998, 'global'],
      [990, 'client'],
      [1010, 'global'],
    ]);
    expect(res.body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      fuelType: 'diesel',
      pricePerLiter: 1020,
      validFrom: '2026-10-20T00:00:00.000Z',
      validTo: null,
      scope: 'client',
    });
    expect(res.body.data[2].validTo).toBe('2026-10-20T00:00:00.000Z');
  });

  it('answers every grade without the filter, never another client’s records', async () => {
    const res = await history(tenant.admin.token).expect(200);
    expect(res.body.data).toHaveLength(5);
    expect(new Set(res.body.data.map((r: { fuelType: string }) => r.fuelType))).toEqual(new Set(['diesel', 'gasoline_95']));
    const theirs = await history(other.admin.token, '?fuelType=diesel').expect(200);
    expect(theirs.body.data.map((r: { pricePerLiter: number }) => r.pricePerLiter)).toEqual([500, 998, 1010]);
  });

  it('an empty list for a grade with no records', async () => {
    expect((await history(tenant.admin.token, '?fuelType=gasoline_97').expect(200)).body).toEqual({ status: 'success', data: [] });
  });

  it('shows the validity a price change opens and the one it closes', async () => {
    const tariff = await insertCustomTariff(t.connection, tenant.clientId, { baseType: 'gasoline_93', price: 1245, previousPrice: 1230 });
    await request(t.server)
      .patch(`/api/fuel-tariffs/${tariff.tariffId.toHexString()}`)
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ pricePerLiter: 1260 })
      .expect(200);
    const res = await history(tenant.admin.token, '?fuelType=gasoline_93').expect(200);
    expect(res.body.data.map((r: { pricePerLiter: number }) => r.pricePerLiter)).toEqual([1260, 1245, 1230]);
    expect(res.body.data[0].validTo).toBeNull();
    expect(res.body.data[1].validTo).toBe(res.body.data[0].validFrom);
  });

  it.each(['gasoline_91', 'DIESEL', '', 'diesel,gasoline_95'])('400 for the fuelType %p', async (fuelType) => {
    const res = await history(tenant.admin.token, `?fuelType=${encodeURIComponent(fuelType)}`).expect(400);
    expect(res.body).toEqual({ error: 'fuelType must be one of gasoline_93, gasoline_95, gasoline_97, diesel' });
  });

  it('400 for a repeated fuelType', async () => {
    await history(tenant.admin.token, '?fuelType=diesel&fuelType=gasoline_95').expect(400);
  });

  it('accepts a user with only access_fuel, by API token; ignores unknown query parameters', async () => {
    const fuel = await tenant.addUser({ permissions: [Permission.Fuel] });
    expect((await history(fuel.apiToken, '?fuelType=diesel&page=2').expect(200)).body.data).toHaveLength(4);
  });

  it('401 without a token and with an invalid one', async () => {
    expect((await request(t.server).get('/api/fuel-prices/history').expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    await history('atk_nopenopenopenopenopenopenopenopenope000').expect(401);
  });

  it('403 without access_fuel', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const cargo = await tenant.addUser({ permissions: [Permission.Cargo] });
    expect((await history(viewer.token).expect(403)).body).toEqual({ error: expect.any(String) });
    await history(cargo.token, '?fuelType=diesel').expect(403);
  });
});
