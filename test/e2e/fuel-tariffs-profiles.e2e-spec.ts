import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

/**
 * Custom fuel tariffs (list, create, delete with its 409) and the asset fuel profile that names
 * one (DESIGN.md, "Fuel costs, trip reports and scheduled reports"), through HTTP.
 */
describe('fuel tariffs and asset fuel profiles', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const create = async (body: object = {}, token?: string) =>
    (
      await api()
        .post('/api/fuel-tariffs')
        .set(auth(token))
        .send({ baseType: 'diesel', name: 'Diésel convenio', pricePerLiter: 1049.9, ...body })
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates a custom tariff with its first price validity, lists them newest first, in the activity log', async () => {
    const tariff = await create();
    expect(tariff).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      clientId: tenant.clientId.toHexString(),
      baseType: 'diesel',
      name: 'Diésel convenio',
      custom: true,
      pricePerLiter: 1049.9,
      priceValidFrom: expect.any(String),
    });
    const history = (await api().get('/api/fuel-prices/history?fuelType=diesel').set(auth()).expect(200)).body.data as Array<{
      pricePerLiter: number;
      scope: string;
      validTo: string | null;
    }>;
    expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ pricePerLiter: 1049.9, scope: 'client', validTo: null })]));
    const second = await create({ baseType: 'gasoline_95', name: 'Bencina 95', pricePerLiter: 1290 });
    const page = await api().get('/api/fuel-tariffs?limit=1').set(auth()).expect(200);
    expect(page.body.data.map((x: { id: string }) => x.id)).toEqual([second.id]);
    const next = await api().get(`/api/fuel-tariffs?limit=1&cursor=${page.body.page.nextCursor}`).set(auth()).expect(200);
    expect(next.body.data.map((x: { id: string }) => x.id)).toEqual([tariff.id]);
    // The spec's price edit works on it.
    expect((await api().patch(`/api/fuel-tariffs/${tariff.id}`).set(auth()).send({ pricePerLiter: 1100 }).expect(200)).body.data.pricePerLiter).toBe(1100);
    const log = (await api().get('/api/activity-log?entityType=fuel_tariff&limit=50').set(auth()).expect(200)).body.data as Array<{
      action: string;
      resourceId: string;
    }>;
    expect(log.filter((e) => e.resourceId === tariff.id).map((e) => e.action)).toContain('fuel_tariff.create');
  });

  it('refuses a bad tariff with a 400 naming the field, writing nothing', async () => {
    const before = await t.connection.collection('fuel_tariffs').countDocuments();
    for (const [body, message] of [
      [{ baseType: 'kerosene' }, 'baseType must be one of'],
      [{ pricePerLiter: 0 }, 'pricePerLiter'],
      [{ pricePerLiter: 1000.123 }, 'pricePerLiter'],
      [{ pricePerLiter: '1000' }, 'pricePerLiter'],
      [{ name: '' }, 'name'],
      [{ custom: false }, 'custom'],
    ] as Array<[object, string]>) {
      const res = await api()
        .post('/api/fuel-tariffs')
        .set(auth())
        .send({ baseType: 'diesel', name: 'x', pricePerLiter: 1000, ...body })
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await t.connection.collection('fuel_tariffs').countDocuments()).toBe(before);
  });

  it('gives an asset a fuel profile naming a tariff of the client; the tariff is not deleted while an asset names it (409)', async () => {
    const tariff = await create();
    const asset = await addAsset(t, tenant.clientId);
    const profile = { tariffId: tariff.id, consumptionLPer100Km: 32.5, tankCapacityL: 400 };
    const updated = (await api().patch(`/api/assets/${asset.assetId}`).set(auth()).send({ fuel: profile }).expect(200)).body.data;
    expect(updated.fuel).toEqual(profile);
    expect((await api().get(`/api/assets/${asset.assetId}`).set(auth()).expect(200)).body.data.fuel).toEqual(profile);

    const other = await createTenant(t.app);
    const foreign = await create({}, other.admin.token);
    const refused = await api()
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ fuel: { ...profile, tariffId: foreign.id } })
      .expect(400);
    expect(refused.body.error).toContain(`fuel.tariffId: no fuel tariff ${foreign.id}`);
    for (const bad of [{ ...profile, consumptionLPer100Km: 0 }, { ...profile, tankCapacityL: -1 }, { tariffId: tariff.id }, { ...profile, extra: 1 }]) {
      await api().patch(`/api/assets/${asset.assetId}`).set(auth()).send({ fuel: bad }).expect(400);
    }

    const conflict = await api().delete(`/api/fuel-tariffs/${tariff.id}`).set(auth()).expect(409);
    expect(conflict.body.error).toContain('is the tariff of 1 asset');
    expect((await api().patch(`/api/assets/${asset.assetId}`).set(auth()).send({ fuel: null }).expect(200)).body.data.fuel).toBeNull();
    expect((await api().delete(`/api/fuel-tariffs/${tariff.id}`).set(auth()).expect(200)).body.data).toEqual({ id: tariff.id });
    await api().delete(`/api/fuel-tariffs/${tariff.id}`).set(auth()).expect(404);
  });

  it('keeps tariffs to their client and to access_fuel: 401, 403, 404', async () => {
    const tariff = await create();
    const other = await createTenant(t.app);
    await request(t.server).get('/api/fuel-tariffs').expect(401);
    await request(t.server).get('/api/fuel-tariffs').set(auth('sess_not-a-token')).expect(401);
    const noFuel = await tenant.addUser({ permissions: [Permission.Assets] });
    await api().get('/api/fuel-tariffs').set(auth(noFuel.token)).expect(403);
    await api().post('/api/fuel-tariffs').set(auth(noFuel.token)).send({ baseType: 'diesel', name: 'x', pricePerLiter: 1 }).expect(403);
    await api().delete(`/api/fuel-tariffs/${tariff.id}`).set(auth(other.admin.token)).expect(404);
    await api().delete(`/api/fuel-tariffs/${new Types.ObjectId().toHexString()}`).set(auth()).expect(404);
    const theirs = (await api().get('/api/fuel-tariffs?limit=200').set(auth(other.admin.token)).expect(200)).body.data as Array<{ id: string }>;
    expect(theirs.map((x) => x.id)).not.toContain(tariff.id);
  });
});
