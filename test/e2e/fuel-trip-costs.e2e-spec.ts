import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { storedTripId } from '../../src/positions/store/stored-trip.schema';
import { addAsset, ROUTE, storeTrip } from './positions-fixtures';

/**
 * Trip costs (DESIGN.md, "trip costs"): every trip of an asset with a fuel profile carries
 * `fuel: {liters, cost, tariffId}` in the list and the lookup; the spec's price edit re-values it.
 */
describe('trip fuel costs', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  }, 60_000);
  afterAll(() => t.close());

  it('costs each trip at distance × consumption × the tariff price, in the list and the lookup, and re-values it on a price edit', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await storeTrip(t, asset.trackerId, 2001, ROUTE);
    const tariff = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel flota', pricePerLiter: 1000 }).expect(201)).body
      .data;
    // No profile yet: no cost.
    expect((await api().get(`/api/trips/${asset.vendorId}/trip/2001`).set(auth()).expect(200)).body.data.fuel).toBeNull();
    await api()
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId: tariff.id, consumptionLPer100Km: 12, tankCapacityL: 80 } })
      .expect(200);

    // 4.448 km × 12 L/100 km = 0.53376 L → 0.534 L; × 1000 $/L = 534.
    const trip = (await api().get(`/api/trips/${asset.vendorId}/trip/2001`).set(auth()).expect(200)).body.data;
    expect(trip.distance).toBe(4.448);
    expect(trip.fuel).toEqual({ liters: 0.534, cost: 534, tariffId: tariff.id });
    const listed = (await api().get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026`).set(auth()).expect(200)).body.data;
    expect(listed.map((x: { id: number; fuel: unknown }) => [x.id, x.fuel])).toEqual([[2001, { liters: 0.534, cost: 534, tariffId: tariff.id }]]);
    expect(await t.connection.collection('fuel_cost_entries').countDocuments({ source: 'trip', tariffId: { $exists: true }, reference: 'trip 2001' })).toBe(1);

    // The spec's price edit re-values the trip: 0.534 × 1100 = 587.4.
    await api().patch(`/api/fuel-tariffs/${tariff.id}`).set(auth()).send({ pricePerLiter: 1100 }).expect(200);
    expect((await api().get(`/api/trips/${asset.vendorId}/trip/2001`).set(auth()).expect(200)).body.data.fuel).toEqual({
      liters: 0.534,
      cost: 587.4,
      tariffId: tariff.id,
    });
    expect((await api().get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026`).set(auth()).expect(200)).body.data[0].fuel.cost).toBe(587.4);
    // Read again, still one entry: a trip is costed once.
    expect(await t.connection.collection('fuel_cost_entries').countDocuments({ source: 'trip', reference: 'trip 2001' })).toBe(1);
  });

  it('costs a trip again once it was extended after its cost: fuel follows the distance, and a price edit re-values it exactly', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await storeTrip(t, asset.trackerId, 4001, ROUTE);
    const tariff = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel ruta', pricePerLiter: 1000 }).expect(201)).body
      .data;
    await api()
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId: tariff.id, consumptionLPer100Km: 30, tankCapacityL: 300 } })
      .expect(200);
    const fuelOfTrip = async () => (await api().get(`/api/trips/${asset.vendorId}/trip/4001`).set(auth()).expect(200)).body.data;
    // 4.448 km at 30 L/100 km: 1.334 L.
    expect((await fuelOfTrip()).fuel).toEqual({ liters: 1.334, cost: 1334, tariffId: tariff.id });
    // Later points extend the trip (trip detection writes it again under its id): 104.975 km.
    await t.connection
      .collection('telemetry_trips')
      .updateOne({ _id: storedTripId(asset.trackerId.toHexString(), 4001) } as never, { $set: { distance: 104.975 } });
    const extended = await fuelOfTrip();
    expect(extended.fuel).toEqual({ liters: 31.493, cost: 31_493, tariffId: tariff.id });
    // A price edit of ×1.25 moves the cost ×1.25.
    await api().patch(`/api/fuel-tariffs/${tariff.id}`).set(auth()).send({ pricePerLiter: 1250 }).expect(200);
    expect((await fuelOfTrip()).fuel).toEqual({ liters: 31.493, cost: 39_366.25, tariffId: tariff.id });
    // A profile change later does not re-cost it: the consumption it was costed with stays.
    await api()
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId: tariff.id, consumptionLPer100Km: 10, tankCapacityL: 300 } })
      .expect(200);
    expect((await fuelOfTrip()).fuel.liters).toBe(31.493);
  });

  it('reads a trip whose asset has no profile as fuel null in the list', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await storeTrip(t, asset.trackerId, 3001, ROUTE);
    const listed = (await api().get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026`).set(auth()).expect(200)).body.data;
    expect(listed.map((x: { fuel: unknown }) => x.fuel)).toEqual([null]);
  });
});
