import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, storeMessages, T0, TrackedFixture } from './positions-fixtures';

const iso = (unixS: number) => new Date(unixS * 1000).toISOString();

/**
 * Refuels (`/api/fuel/refuels`, DESIGN.md "refuels"): create, list with filters and cursor pages,
 * get, delete; anomalies judged against the profile's tank, the tariff's price and where the
 * asset's own tracker was (ROUTE: along the equator, 0.01° ≈ 1.112 km apart).
 */
describe('refuels', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let tariffId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const create = async (body: object, token?: string) => (await api().post('/api/fuel/refuels').set(auth(token)).send(body).expect(201)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    await storeMessages(t, asset.trackerId, ROUTE);
    tariffId = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel', pricePerLiter: 1000 }).expect(201)).body.data.id;
    await api().patch(`/api/assets/${asset.assetId}`).set(auth()).send({ fuel: { tariffId, consumptionLPer100Km: 12, tankCapacityL: 80 } }).expect(200);
  }, 60_000);
  afterAll(() => t.close());

  it('records refuels with their anomalies, lists them newest first with filters and pages, gets and deletes them', async () => {
    // Near the vehicle (the fix at T0+60 is at 0,0.01; 0.002° ≈ 222 m), 5 % over the tariff, within the tank.
    const fine = await create({ assetId: asset.assetId, occurredAt: iso(T0 + 60), liters: 50, pricePerLiter: 1050, station: 'Copec Ruta 5', location: { lat: 0, lng: 0.012 }, odometerKm: 1200 });
    expect(fine).toMatchObject({ assetId: asset.assetId, clientId: tenant.clientId.toHexString(), liters: 50, pricePerLiter: 1050, totalCost: null, cost: 52500, tariffId, anomalies: [], station: 'Copec Ruta 5', odometerKm: 1200 });
    expect(fine.distanceFromVehicleM).toBe(222);
    // 95 L in an 80 L tank; 1.112 km from the fix at T0+120 (0,0.02); 123 500 / 95 = 1300 per litre, 30 % over.
    const bad = await create({ assetId: asset.assetId, occurredAt: iso(T0 + 120), liters: 95, totalCost: 123500, location: { lat: 0, lng: 0.03 } });
    expect(bad).toMatchObject({ anomalies: ['over_tank_capacity', 'away_from_vehicle', 'price_mismatch'], cost: 123500, pricePerLiter: null });
    expect(bad.distanceFromVehicleM).toBe(1112);
    // No price: costed at the tariff's; no location: nothing to compare; a price 15 % under is still no mismatch.
    const plain = await create({ assetId: asset.assetId, occurredAt: iso(T0 + 3600), liters: 10 });
    expect(plain).toMatchObject({ anomalies: [], cost: 10000, location: null, distanceFromVehicleM: null });
    expect((await create({ assetId: asset.assetId, occurredAt: iso(T0 + 3000), liters: 10, pricePerLiter: 850 })).anomalies).toEqual([]);
    expect((await create({ assetId: asset.assetId, occurredAt: iso(T0 + 3001), liters: 10, pricePerLiter: 849.99 })).anomalies).toEqual(['price_mismatch']);

    const other = await addAsset(t, tenant.clientId);
    const elsewhere = await create({ assetId: other.assetId, occurredAt: iso(T0 + 30), liters: 20 });
    expect(elsewhere).toMatchObject({ tariffId: null, cost: null, anomalies: [] });

    const list = async (query: string) => (await api().get(`/api/fuel/refuels?${query}`).set(auth()).expect(200)).body;
    expect((await list(`assetId=${asset.assetId}&from=${iso(T0)}&to=${iso(T0 + 200)}`)).data.map((r: { id: string }) => r.id)).toEqual([bad.id, fine.id]);
    expect((await list(`assetId=${other.assetId}`)).data.map((r: { id: string }) => r.id)).toEqual([elsewhere.id]);
    const first = await list('limit=2');
    expect(first.data.map((r: { id: string }) => r.id)[0]).toBe(plain.id);
    const ids: string[] = first.data.map((r: { id: string }) => r.id);
    let cursor = first.page.nextCursor;
    while (cursor) {
      const next = await list(`limit=2&cursor=${cursor}`);
      ids.push(...next.data.map((r: { id: string }) => r.id));
      cursor = next.page.nextCursor;
    }
    expect(ids).toHaveLength(6);
    expect(ids.slice(-1)).toEqual([elsewhere.id]);

    expect((await api().get(`/api/fuel/refuels/${bad.id}`).set(auth()).expect(200)).body.data).toEqual(bad);
    expect((await api().delete(`/api/fuel/refuels/${bad.id}`).set(auth()).expect(200)).body.data).toEqual({ id: bad.id });
    await api().get(`/api/fuel/refuels/${bad.id}`).set(auth()).expect(404);
    const log = (await api().get('/api/activity-log?limit=100').set(auth()).expect(200)).body.data as Array<{ action: string; resourceId: string }>;
    expect(log.filter((e) => e.resourceId === bad.id).map((e) => e.action).sort()).toEqual(['refuel.create', 'refuel.delete']);
  });

  it('refuses bad input with 400, writing nothing', async () => {
    const before = await t.connection.collection('refuels').countDocuments();
    const good = { assetId: asset.assetId, occurredAt: iso(T0), liters: 10 };
    for (const body of [
      { ...good, liters: 0 },
      { ...good, liters: '10' },
      { ...good, occurredAt: '15/01/2026' },
      { ...good, occurredAt: new Date(Date.now() + 3_600_000).toISOString() },
      { ...good, location: { lat: 100, lng: 0 } },
      { ...good, location: { lat: 0 } },
      { ...good, pricePerLiter: null },
      { ...good, extra: 1 },
      { ...good, assetId: 'nope' },
      { ...good, assetId: new Types.ObjectId().toHexString() },
    ]) {
      await api().post('/api/fuel/refuels').set(auth()).send(body).expect(400);
    }
    await api().get('/api/fuel/refuels?assetId=nope').set(auth()).expect(400);
    await api().get('/api/fuel/refuels?cursor=bad').set(auth()).expect(400);
    await api().get(`/api/fuel/refuels?from=${iso(T0 + 10)}&to=${iso(T0)}`).set(auth()).expect(400);
    expect(await t.connection.collection('refuels').countDocuments()).toBe(before);
  });

  it('401 without a credential, 403 without access_fuel, 404 for another client\'s refuel or one of an asset outside the tracker scope', async () => {
    const refuel = await create({ assetId: asset.assetId, occurredAt: iso(T0), liters: 5 });
    await api().get('/api/fuel/refuels').expect(401);
    await api().post('/api/fuel/refuels').send({}).expect(401);
    const noFuel = await tenant.addUser({ permissions: [Permission.Assets] });
    await api().get('/api/fuel/refuels').set(auth(noFuel.token)).expect(403);
    await api().get(`/api/fuel/refuels/${refuel.id}`).set(auth(noFuel.token)).expect(403);
    await api().post('/api/fuel/refuels').set(auth(noFuel.token)).send({ assetId: asset.assetId, occurredAt: iso(T0), liters: 5 }).expect(403);

    const other = await createTenant(t.app);
    await api().get(`/api/fuel/refuels/${refuel.id}`).set(auth(other.admin.token)).expect(404);
    await api().delete(`/api/fuel/refuels/${refuel.id}`).set(auth(other.admin.token)).expect(404);
    expect((await api().get('/api/fuel/refuels').set(auth(other.admin.token)).expect(200)).body.data).toEqual([]);
    await api().post('/api/fuel/refuels').set(auth(other.admin.token)).send({ assetId: asset.assetId, occurredAt: iso(T0), liters: 5 }).expect(400);

    const outside = await addAsset(t, tenant.clientId);
    const scoped = await tenant.addUser({ trackerIds: [outside.trackerId] });
    await api().get(`/api/fuel/refuels/${refuel.id}`).set(auth(scoped.token)).expect(404);
    await api().delete(`/api/fuel/refuels/${refuel.id}`).set(auth(scoped.token)).expect(404);
    expect((await api().get(`/api/fuel/refuels?assetId=${asset.assetId}`).set(auth(scoped.token)).expect(200)).body.data).toEqual([]);
    expect((await api().get('/api/fuel/refuels').set(auth(scoped.token)).expect(200)).body.data).toEqual([]);
    await api().post('/api/fuel/refuels').set(auth(scoped.token)).send({ assetId: asset.assetId, occurredAt: iso(T0), liters: 5 }).expect(400);
    await api().get(`/api/fuel/refuels/${refuel.id}`).set(auth()).expect(200);
  });
});
