import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-refuels-0123456789';
const M = 1 / 111_195; // a metre of latitude, in degrees
const STATION = { lat: -33.45, lng: -70.65 };

interface RefuelView {
  id: string;
  assetId: string;
  liters: number;
  pricePerLiter: number | null;
  totalCost: number | null;
  anomalies: string[];
  checks: Record<string, unknown>;
}

/**
 * Refuels through HTTP, checked against the asset's own telemetry sent through the ingestion
 * route (where its tracker was when the fuel was paid), its tank and its tariff's price.
 */
describe('refuels', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let truck: TrackedFixture;
  let tariffId: string;
  const at = new Date(Date.now() - 3_600_000); // an hour ago
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const refuel = async (body: object, token?: string): Promise<RefuelView> =>
    (
      await api()
        .post('/api/fuel/refuels')
        .set(auth(token))
        .send({ assetId: truck.assetId, occurredAt: at.toISOString(), liters: 200, ...body })
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    truck = await addAsset(t, tenant.clientId, { name: 'Camión 7' });
    tariffId = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel', pricePerLiter: 1000 }).expect(201)).body.data.id;
    await api()
      .patch(`/api/assets/${truck.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId, consumptionLPer100Km: 30, tankCapacityL: 300 } })
      .expect(200);
    // The truck parked at the station around the refuel's time, 30 s apart.
    const ts = Math.floor(at.getTime() / 1000);
    const fixes = [-60, -30, 0, 30, 60].map((s) => ({
      'device.id': truck.vendorId,
      timestamp: ts + s,
      'position.latitude': STATION.lat,
      'position.longitude': STATION.lng,
      'position.speed': 0,
    }));
    await api().post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(fixes).expect(200);
  });
  afterAll(() => t.close());

  it('records an ordinary refuel with no anomaly, deriving the total, in the activity log', async () => {
    const ok = await refuel({ pricePerLiter: 1050, location: { lat: STATION.lat + 40 * M, lng: STATION.lng }, station: 'Copec Ruta 5' });
    expect(ok).toMatchObject({
      liters: 200,
      pricePerLiter: 1050,
      totalCost: 210_000,
      anomalies: [],
      checks: { tankCapacityL: 300, distanceFromVehicleM: 40, tariffPricePerLiter: 1000, priceDifference: 0.05 },
    });
    expect((await api().get(`/api/fuel/refuels/${ok.id}`).set(auth()).expect(200)).body.data).toEqual(ok);
    const log = (await api().get('/api/activity-log?entityType=refuel&limit=20').set(auth()).expect(200)).body.data as Array<{
      action: string;
      resourceId: string;
    }>;
    expect(log.find((e) => e.resourceId === ok.id)?.action).toBe('refuel.create');
  });

  it('answers every anomaly: more than the tank, 2 km from the vehicle, 30 % over the tariff', async () => {
    const odd = await refuel({ liters: 350, totalCost: 455_000, location: { lat: STATION.lat + 2_000 * M, lng: STATION.lng } });
    expect(odd.pricePerLiter).toBe(1300);
    expect(odd.anomalies.sort()).toEqual(['away_from_vehicle', 'over_tank_capacity', 'price_mismatch']);
    expect(odd.checks).toMatchObject({ distanceFromVehicleM: 2000, priceDifference: 0.3 });
    // Filters: the anomaly, the asset, the period.
    const flagged = (await api().get('/api/fuel/refuels?anomaly=away_from_vehicle').set(auth()).expect(200)).body.data as RefuelView[];
    expect(flagged.map((r) => r.id)).toEqual([odd.id]);
    const other = await addAsset(t, tenant.clientId);
    const elsewhere = await refuel({ assetId: other.assetId });
    const truckOnly = (await api().get(`/api/fuel/refuels?assetId=${truck.assetId}`).set(auth()).expect(200)).body.data as RefuelView[];
    expect(truckOnly.map((r) => r.id)).toContain(odd.id);
    expect(truckOnly.map((r) => r.id)).not.toContain(elsewhere.id);
    expect(new Set(truckOnly.map((r) => r.assetId))).toEqual(new Set([truck.assetId]));
    const later = (
      await api()
        .get(`/api/fuel/refuels?from=${new Date(at.getTime() + 1000).toISOString()}`)
        .set(auth())
        .expect(200)
    ).body.data;
    expect(later).toEqual([]);
    // Without a place, a profile or a price, nothing to check against.
    expect((await refuel({ assetId: other.assetId, liters: 4000 })).anomalies).toEqual([]);
  });

  it('refuses a bad refuel with a 400 naming the field, writing nothing', async () => {
    const before = await t.connection.collection('refuels').countDocuments();
    for (const [body, message] of [
      [{ liters: 0 }, 'liters'],
      [{ occurredAt: new Date(Date.now() + 3_600_000).toISOString() }, 'occurredAt is in the future'],
      [{ pricePerLiter: 1000, totalCost: 1 }, 'totalCost is not liters × pricePerLiter'],
      [{ assetId: new Types.ObjectId().toHexString() }, 'among your assets'],
      [{ location: { lat: 95, lng: 0 } }, 'lat'],
      [{ fuelCard: '1234' }, 'fuelCard'],
    ] as Array<[object, string]>) {
      const res = await api()
        .post('/api/fuel/refuels')
        .set(auth())
        .send({ assetId: truck.assetId, occurredAt: at.toISOString(), liters: 200, ...body })
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await t.connection.collection('refuels').countDocuments()).toBe(before);
  });

  it('keeps refuels to the client and the caller’s trackers: 401, 403, 404', async () => {
    const mine = await refuel({});
    const other = await createTenant(t.app);
    await request(t.server).get(`/api/fuel/refuels/${mine.id}`).expect(401);
    await api().get(`/api/fuel/refuels/${mine.id}`).set(auth(other.admin.token)).expect(404);
    await api().delete(`/api/fuel/refuels/${mine.id}`).set(auth(other.admin.token)).expect(404);
    const elsewhere = await tenant.addUser({ permissions: [Permission.Fuel], trackerIds: [new Types.ObjectId()] });
    await api().get(`/api/fuel/refuels/${mine.id}`).set(auth(elsewhere.token)).expect(404);
    expect((await api().get('/api/fuel/refuels').set(auth(elsewhere.token)).expect(200)).body.data).toEqual([]);
    await api().post('/api/fuel/refuels').set(auth(elsewhere.token)).send({ assetId: truck.assetId, occurredAt: at.toISOString(), liters: 10 }).expect(400);
    const noFuel = await tenant.addUser({ permissions: [Permission.Assets] });
    await api().get('/api/fuel/refuels').set(auth(noFuel.token)).expect(403);
    expect((await api().delete(`/api/fuel/refuels/${mine.id}`).set(auth()).expect(200)).body.data).toEqual({ id: mine.id });
    await api().get(`/api/fuel/refuels/${mine.id}`).set(auth()).expect(404);
  });
});
