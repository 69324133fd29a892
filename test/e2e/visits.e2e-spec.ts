import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, refusedCredentials, revokeCredentials, TestTenant } from '../factories/tenant.factory';
import { fixNorthOf } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-visits-0123456789';
const CUSTOMER = { lat: -33.5, lng: -70.7 };
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);

interface VisitView {
  id: string;
  placeId: string;
  placeName: string;
  assetId: string;
  arrivedAt: string;
  departedAt: string | null;
  dwellSeconds: number;
  driverId: string | null;
}

/**
 * Visits detected from telemetry sent to the ingestion route, on the real database: a stop that
 * makes a visit and what does not (a drive-through, a short stop), overlapping places, the same
 * messages twice, a late message, the events and alerts they raise, and client and tracker scope.
 */
describe('visits', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let customerId: string;
  let yardId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  /** A message `north` metres north of the customer at `T0 + s`, at `speed` km/h. */
  const fix = (asset: TrackedFixture, s: number, north: number, speed: number) => fixNorthOf(CUSTOMER, asset, T0 + s, north, { 'position.speed': speed });
  /** Standing `north` metres north of the customer, a fix every 30 s from `from` to `to`. */
  const standing = (asset: TrackedFixture, from: number, to: number, north = 0) => {
    const fixes = [];
    for (let s = from; s <= to; s += 30) fixes.push(fix(asset, s, north, 0));
    return fixes;
  };
  const visits = async (query: string, token?: string): Promise<VisitView[]> =>
    (await request(t.server).get(`/api/visits?limit=200${query}`).set(auth(token)).expect(200)).body.data;
  const addPlace = async (token: string, name: string, radiusM: number, visitMinutes = 3): Promise<string> =>
    (
      await request(t.server)
        .post('/api/places')
        .set(auth(token))
        .send({ name, location: { type: 'Point', coordinates: [CUSTOMER.lng, CUSTOMER.lat] }, radiusM, visitMinutes })
        .expect(201)
    ).body.data.id;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    customerId = await addPlace(tenant.admin.token, 'Cliente Lo Valledor', 100);
    yardId = await addPlace(tenant.admin.token, 'Patio Sur', 300, 5);
  });
  afterAll(() => t.close());

  it('records a stop inside as a visit, with its events and dwell, and each overlapping place its own', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, -600, 40), ...standing(asset, 60, 660), fix(asset, 690, 350, 30), fix(asset, 700, 450, 30), fix(asset, 710, 550, 30)]);
    const found = await visits(`&assetId=${asset.assetId}`);
    expect(found.map((visit) => [visit.placeName, visit.arrivedAt, visit.departedAt, visit.dwellSeconds]).sort()).toEqual([
      ['Cliente Lo Valledor', new Date((T0 + 60) * 1000).toISOString(), new Date((T0 + 690) * 1000).toISOString(), 630],
      // 50 m past the yard's edge: out at once, where the customer needs a second fix.
      ['Patio Sur', new Date((T0 + 60) * 1000).toISOString(), new Date((T0 + 690) * 1000).toISOString(), 630],
    ]);
    expect(found[0]).toMatchObject({ assetId: asset.assetId, driverId: null });
    const events = (
      await request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&type=place.arrival,place.departure&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`)
        .set(auth())
        .expect(200)
    ).body.data;
    expect(events).toHaveLength(4);
    expect(events.find((event: { type: string; placeId: string }) => event.type === 'place.departure' && event.placeId === customerId)).toMatchObject({
      geofenceId: null,
      details: { placeName: 'Cliente Lo Valledor', dwellSeconds: 630 },
    });
    expect((await visits(`&placeId=${yardId}&assetId=${asset.assetId}`)).map((visit) => visit.placeId)).toEqual([yardId]);
    const ofYard = (
      await request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&placeId=${yardId}&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`)
        .set(auth())
        .expect(200)
    ).body.data;
    expect(ofYard.map((event: { type: string }) => event.type).sort()).toEqual(['place.arrival', 'place.departure']);
  });

  it('does not count a drive-through at 40 km/h nor a stop shorter than the place asks', async () => {
    const through = await addAsset(t, tenant.clientId);
    const moves = Array.from({ length: 30 }, (_, i) => fix(through, i * 5, -400 + i * 55, 40));
    await ingest(moves);
    const short = await addAsset(t, tenant.clientId);
    await ingest([...standing(short, 0, 120), fix(short, 150, 400, 30), fix(short, 160, 500, 30)]);
    expect(await visits(`&assetId=${through.assetId}`)).toEqual([]);
    expect(await visits(`&assetId=${short.assetId}`)).toEqual([]);
  });

  it('changes nothing for the same messages twice, and re-derives a visit from a late message', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const messages = [...standing(asset, 300, 900), fix(asset, 930, 400, 30), fix(asset, 940, 500, 30)];
    await ingest(messages);
    const first = await visits(`&assetId=${asset.assetId}&placeId=${customerId}`);
    await ingest(messages);
    expect(await visits(`&assetId=${asset.assetId}&placeId=${customerId}`)).toEqual(first);
    // It had stopped earlier than its first messages said: the visit begins then.
    await ingest(standing(asset, 120, 270));
    const [late] = await visits(`&assetId=${asset.assetId}&placeId=${customerId}`);
    expect([late.id, late.arrivedAt, late.dwellSeconds]).toEqual([first[0].id, new Date((T0 + 120) * 1000).toISOString(), 810]);
  });

  it('opens an alert on an arrival through an alert rule, with the place named', async () => {
    const rule = await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({ name: 'Llegadas a clientes', eventTypes: ['place.arrival'], severity: 'info' })
      .expect(201);
    const asset = await addAsset(t, tenant.clientId);
    await ingest(standing(asset, 0, 400));
    const alerts = (await request(t.server).get(`/api/alerts?placeId=${customerId}&assetId=${asset.assetId}`).set(auth()).expect(200)).body.data;
    expect(alerts).toEqual([expect.objectContaining({ ruleId: rule.body.data.id, eventType: 'place.arrival', placeId: customerId })]);
  });

  it('keeps to the caller: 401, 403 without access_places, 404 for another client or an asset outside its trackers, 400 for bad filters', async () => {
    const other = await createTenant(t.app);
    const theirs = await addAsset(t, other.clientId);
    const theirPlace = await addPlace(other.admin.token, 'Ajeno', 100);
    const mine = await addAsset(t, tenant.clientId);
    const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    const noPlaces = await tenant.addUser({ permissions: [Permission.Positions] });
    const get = (query: string, headers: Record<string, string>) => request(t.server).get(`/api/visits${query}`).set(headers);
    const gone = await tenant.addUser();
    await revokeCredentials(t.app, gone);
    const refused = refusedCredentials(gone);
    for (const headers of refused) expect((await get('', headers).expect(401)).body).toEqual({ error: expect.any(String) });
    await get('', auth(noPlaces.token)).expect(403);
    await get(`?assetId=${theirs.assetId}`, auth()).expect(404);
    await get(`?placeId=${theirPlace}`, auth()).expect(404);
    await get(`?assetId=${mine.assetId}`, auth(limited.token)).expect(404);
    expect(await visits('', other.admin.token)).toEqual([]);
    expect(await visits('', limited.token)).toEqual([]);
    for (const query of ['?color=red', '?from=yesterday', '?assetId=12', '?limit=500', '?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', '?__proto__=x']) {
      expect((await get(query, auth()).expect(400)).body).toMatchObject({ error: expect.any(String) });
    }
  });
});
