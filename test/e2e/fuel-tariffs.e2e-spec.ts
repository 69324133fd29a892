import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { costEntries, daysAgo, insertCustomTariff, TariffFixture } from './fuel-fixtures';

describe('PATCH /api/fuel-tariffs/:fuelTariffId', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let tariff: TariffFixture;
  const patch = (id: string, token: string, body: unknown) =>
    request(t.server)
      .patch(`/api/fuel-tariffs/${id}`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const stored = () => t.connection.collection('fuel_tariffs').findOne({ _id: tariff.tariffId });
  const countOf = (collection: string) => t.connection.collection(collection).countDocuments({ clientId: tenant.clientId });
  const snapshot = async () => ({
    tariff: await stored(),
    records: await countOf('fuel_price_records'),
    changes: await countOf('fuel_price_changes'),
    events: await t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'fuel_tariff.update' }),
  });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    tariff = await insertCustomTariff(t.connection, tenant.clientId, { price: 1000 });
    await t.connection.collection('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariff.tariffId, 5, daysAgo(1), 1000));
  });
  afterAll(() => t.close());

  it('renames: the tariff comes back, with an activity event and no price change', async () => {
    const res = await patch(tariff.tariffId.toHexString(), tenant.admin.token, { name: '  Diésel camiones  ' }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        id: tariff.tariffId.toHexString(),
        clientId: tenant.clientId.toHexString(),
        baseType: 'diesel',
        name: 'Diésel camiones',
        custom: true,
        pricePerLiter: 1000,
        priceValidFrom: tariff.validFrom.toISOString(),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await countOf('fuel_price_changes')).toBe(0);
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, resourceId: tariff.tariffId.toHexString() });
    expect(event).toMatchObject({ action: 'fuel_tariff.update', before: { name: 'Diésel flota' }, after: { name: 'Diésel camiones' } });
  });

  it('changes name and price together, with access_fuel alone and an API token', async () => {
    const fuelUser = await tenant.addUser({ permissions: [Permission.Fuel] });
    const res = await patch(tariff.tariffId.toHexString(), fuelUser.apiToken, { name: 'Diésel 2026', pricePerLiter: 1049.9 }).expect(200);
    expect(res.body.data).toMatchObject({ name: 'Diésel 2026', pricePerLiter: 1049.9, baseType: 'diesel' });
    expect(new Date(res.body.data.priceValidFrom).getTime()).toBeGreaterThan(tariff.validFrom.getTime());
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, 'details.priceChangeId': { $exists: true } });
    expect(event).toMatchObject({
      actor: { userId: fuelUser.user._id, credential: 'api_token' },
      before: { name: 'Diésel camiones', pricePerLiter: 1000 },
      after: { name: 'Diésel 2026', pricePerLiter: 1049.9 },
      details: { revaluedCount: 5 },
    });
  });

  it('the same price again changes nothing', async () => {
    const before = await snapshot();
    await patch(tariff.tariffId.toHexString(), tenant.admin.token, { pricePerLiter: 1049.9 }).expect(200);
    expect(await snapshot()).toEqual(before);
  });

  describe('400 for a bad body, with nothing written', () => {
    it.each([
      ['an empty body', {}, 'Send name and/or pricePerLiter'],
      ['the base type', { baseType: 'gasoline_95' }, 'baseType is not an accepted field'],
      ['the base type beside a valid price', { pricePerLiter: 1100, baseType: 'diesel' }, 'baseType is not an accepted field'],
      ['an unknown field', { name: 'X', custom: false }, 'custom is not an accepted field'],
      ['a zero price', { pricePerLiter: 0 }, 'pricePerLiter must be a positive number'],
      ['a negative price', { pricePerLiter: -10 }, 'pricePerLiter must be a positive number'],
      ['a price as a string', { pricePerLiter: '1100' }, 'pricePerLiter must be a number'],
      ['a null price', { pricePerLiter: null }, 'pricePerLiter must be a number'],
      ['three decimals', { pricePerLiter: 1000.123 }, 'pricePerLiter must be a number conforming to the specified constraints'],
      ['an absurd price', { pricePerLiter: 1e9 }, 'pricePerLiter must not be greater than 100000'],
      ['an empty name', { name: '   ' }, 'name should not be empty'],
      ['a null name', { name: null }, 'name must be a string'],
      ['a numeric name', { name: 42 }, 'name must be a string'],
      ['a long name', { name: 'x'.repeat(101) }, 'name must be shorter than or equal to 100 characters'],
      ['an array body', [{ name: 'X' }], undefined],
    ])('%s', async (_, body, message) => {
      const before = await snapshot();
      const res = await patch(tariff.tariffId.toHexString(), tenant.admin.token, body).expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      if (message) expect(res.body.error).toContain(message);
      expect(await snapshot()).toEqual(before);
    });

    it('a price on a tariff that follows the market price', async () => {
      const market = await insertCustomTariff(t.connection, tenant.clientId, { custom: false, name: 'Mercado' });
      const res = await patch(market.tariffId.toHexString(), tenant.admin.token, { pricePerLiter: 900 }).expect(400);
      expect(res.body.error).toMatch(/follows the market price/);
      await patch(market.tariffId.toHexString(), tenant.admin.token, { name: 'Mercado diésel' }).expect(200);
    });

    it('a body over the size limit is refused (413, shape A) before it is read', async () => {
      const before = await snapshot();
      const res = await patch(tariff.tariffId.toHexString(), tenant.admin.token, { name: 'x'.repeat(2 * 1024 * 1024) }).expect(413);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(await snapshot()).toEqual(before);
    });

    it('a body that is not JSON', async () => {
      const res = await request(t.server)
        .patch(`/api/fuel-tariffs/${tariff.tariffId.toHexString()}`)
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .set('Content-Type', 'application/json')
        .send('{"pricePerLiter": ')
        .expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  it('401 without a token and with an invalid one, with nothing written', async () => {
    const before = await snapshot();
    const none = await request(t.server).patch(`/api/fuel-tariffs/${tariff.tariffId.toHexString()}`).send({ pricePerLiter: 1 }).expect(401);
    expect(none.body).toEqual({ error: 'Invalid or expired token' });
    await patch(tariff.tariffId.toHexString(), 'atk_invalidinvalidinvalidinvalidinvalid0', { pricePerLiter: 1 }).expect(401);
    expect(await snapshot()).toEqual(before);
  });

  it('403 without access_fuel, with nothing written', async () => {
    const before = await snapshot();
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const cargo = await tenant.addUser({ permissions: [Permission.Cargo] });
    expect((await patch(tariff.tariffId.toHexString(), viewer.token, { pricePerLiter: 1 }).expect(403)).body).toEqual({ error: expect.any(String) });
    await patch(tariff.tariffId.toHexString(), cargo.token, { name: 'x' }).expect(403);
    expect(await snapshot()).toEqual(before);
  });

  it('404 for another client’s tariff, exactly as for an unknown one, with nothing written', async () => {
    const other = await createTenant(t.app);
    const before = await snapshot();
    const foreign = await patch(tariff.tariffId.toHexString(), other.admin.token, { pricePerLiter: 1 }).expect(404);
    const unknown = await patch(new Types.ObjectId().toHexString(), tenant.admin.token, { pricePerLiter: 1 }).expect(404);
    expect(foreign.body).toEqual({ error: 'Fuel tariff not found' });
    expect(unknown.body).toEqual(foreign.body);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['not-an-id', '42', 'z'.repeat(24)])('404 for the malformed id %s', async (id) => {
    expect((await patch(id, tenant.admin.token, { name: 'X' }).expect(404)).body).toEqual({ error: 'Fuel tariff not found' });
  });
});
