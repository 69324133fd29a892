import request from 'supertest';
import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { createTestApp, TestApp } from '@app/testing';
import { haversineKm } from '@app/geo';
import { Task, TasksForRoutes } from '../../src/tasks';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-routes-eta-0123456789';
const ZONE = 'America/Santiago';
const DEPOT = { lat: -33.4, lng: -70.6 };
const KM = 1 / 111.195; // a km of latitude, in degrees
const MIN = 60_000;

interface Stop {
  taskId: string;
  sequence: number;
  state: string;
  eta: string | null;
  arrivedAt: string | null;
  departedAt: string | null;
}

/** The ETA rule, written out: the straight line × 1.3 at the speed, in ms. */
const travelMs = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, kmh: number) =>
  ((haversineKm(a.lat, a.lng, b.lat, b.lng) * 1.3) / kmh) * 3_600_000;
const north = (km: number) => ({ lat: DEPOT.lat + km * KM, lng: DEPOT.lng });

/**
 * Route ETAs from positions sent to the ingestion route: the figures against the rule with and
 * without a week of driving, stops done out of order as they happened, and `task.eta_late` once
 * for a slow vehicle whose ETA passes a window's end.
 */
describe('route ETAs', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const places: Record<string, string> = {};
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const api = () => request(t.server);
  const today = () => DateTime.now().setZone(ZONE).toISODate()!;
  const ingest = (messages: object[]) => api().post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  const fix = (asset: TrackedFixture, ms: number, at: { lat: number; lng: number }, speed: number) => ({
    'device.id': asset.vendorId,
    timestamp: Math.floor(ms / 1000),
    'position.latitude': Number(at.lat.toFixed(6)),
    'position.longitude': Number(at.lng.toFixed(6)),
    'position.speed': speed,
  });
  const window = (fromMin: number, toMin: number) => ({
    from: new Date(Date.now() + fromMin * MIN).toISOString(),
    to: new Date(Date.now() + toMin * MIN).toISOString(),
  });
  const task = async (asset: TrackedFixture, body: object): Promise<{ id: string }> =>
    (
      await api()
        .post('/api/tasks')
        .set(auth())
        .send({ title: 'Entrega', assetId: asset.assetId, window: window(-60, 240), ...body })
        .expect(201)
    ).body.data;
  const route = async (asset: TrackedFixture, stopTaskIds: string[]): Promise<string> =>
    (await api().post('/api/routes').set(auth()).send({ name: 'Reparto', assetId: asset.assetId, date: today(), stopTaskIds }).expect(201)).body.data.id;
  /** The route's stops, and the clock around the request. */
  const stopsOf = async (id: string) => {
    const before = Date.now();
    const stops: Stop[] = (await api().get(`/api/routes/${id}`).set(auth()).expect(200)).body.data.stops;
    return { stops, before, after: Date.now() };
  };
  const etaMs = (stop: Stop) => new Date(stop.eta!).getTime();

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    // Before anything reads the client's places: visit detection goes on with the places of a moment ago while they are read again.
    for (const [name, at] of [
      ['Primero', north(8)],
      ['Segundo', north(3)],
    ] as const) {
      places[name] = (
        await api()
          .post('/api/places')
          .set(auth())
          .send({ name, location: { type: 'Point', coordinates: [at.lng, at.lat] }, radiusM: 100, visitMinutes: 3 })
          .expect(201)
      ).body.data.id;
    }
  });
  afterAll(() => t.close());

  it('without driving history: 35 km/h from the latest position along the stops, each counting the service minutes of those before it', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const [s1, s2, s3] = [north(10), north(25), north(5)];
    const tasks = [
      await task(asset, { location: s1, serviceMinutes: 15 }),
      await task(asset, { location: s2, serviceMinutes: 30 }),
      await task(asset, { location: s3 }),
    ];
    await ingest([fix(asset, Date.now() - 5 * MIN, north(-2), 30), fix(asset, Date.now() - MIN, DEPOT, 20)]);
    const id = await route(
      asset,
      tasks.map((x) => x.id),
    );
    const { stops, before, after } = await stopsOf(id);
    expect(stops.map((stop) => [stop.taskId, stop.sequence, stop.state])).toEqual(tasks.map((x, i) => [x.id, i + 1, 'assigned']));
    const first = travelMs(DEPOT, s1, 35);
    expect(etaMs(stops[0])).toBeGreaterThanOrEqual(before + first - 1);
    expect(etaMs(stops[0])).toBeLessThanOrEqual(after + first + 1);
    expect(etaMs(stops[1]) - etaMs(stops[0])).toBeCloseTo(15 * MIN + travelMs(s1, s2, 35), -1);
    expect(etaMs(stops[2]) - etaMs(stops[1])).toBeCloseTo(30 * MIN + travelMs(s2, s3, 35), -1);
  });

  it("with a week's driving: its trips' distance over their driving time", async () => {
    const asset = await addAsset(t, tenant.clientId);
    // Two days ago: 20 min northwards, a fix every 30 s, 1 km each (≈ 120 km/h over the ground), then parked 10 min.
    const start = Date.now() - 2 * 86_400_000;
    const drive: object[] = [];
    for (let i = 0; i <= 40; i++) drive.push(fix(asset, start + i * 30_000, north(i * 0.5), 60));
    for (let i = 1; i <= 20; i++) drive.push(fix(asset, start + (40 + i) * 30_000, north(20), 0));
    await ingest(drive);
    const day = (ms: number) => DateTime.fromMillis(ms).setZone(ZONE).toFormat('dd/MM/yyyy');
    const trips: Array<{ distance: number; duration: number }> = (
      await api()
        .get(`/api/trips/${asset.vendorId}?from=${day(start - 86_400_000)}&to=${day(Date.now())}`)
        .set(auth())
        .expect(200)
    ).body.data;
    expect(trips.length).toBe(1);
    const kmh = trips[0].distance / (trips[0].duration / 3600);
    expect(kmh).not.toBeCloseTo(35, 0);
    const stop = north(40);
    const id = await route(asset, [(await task(asset, { location: stop })).id]);
    await ingest([fix(asset, Date.now() - MIN, north(21), 0)]);
    const { stops, before, after } = await stopsOf(id);
    const leg = travelMs(north(21), stop, kmh);
    // A few ms of slack: the trips' API rounds the distance the speed is computed from here.
    expect(etaMs(stops[0])).toBeGreaterThanOrEqual(before + leg - 5);
    expect(etaMs(stops[0])).toBeLessThanOrEqual(after + leg + 5);
  });

  it('shows stops done out of order as they happened: the later stop arrived, the earlier still to do with an ETA', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const [first, second] = [await task(asset, { placeId: places.Primero }), await task(asset, { placeId: places.Segundo })];
    const id = await route(asset, [first.id, second.id]);
    // The vehicle goes to the second stop first: there 10 min, then drives on.
    const begin = Math.floor(Date.now() / 1000) * 1000 - 20 * MIN;
    const fixes = [fix(asset, begin - MIN, north(2), 40)];
    for (let ms = begin; ms <= begin + 10 * MIN; ms += 30_000) fixes.push(fix(asset, ms, north(3), 0));
    fixes.push(fix(asset, begin + 10 * MIN + 30_000, north(3.5), 30), fix(asset, begin + 10 * MIN + 40_000, north(3.6), 30));
    await ingest(fixes);
    const { stops } = await stopsOf(id);
    expect(stops[1]).toMatchObject({ taskId: second.id, sequence: 2, state: 'arrived', eta: null, arrivedAt: new Date(begin).toISOString() });
    expect(stops[1].departedAt).not.toBeNull();
    expect(stops[0]).toMatchObject({ taskId: first.id, sequence: 1, state: 'assigned', arrivedAt: null, eta: expect.any(String) });
    await api().post(`/api/tasks/${second.id}/complete`).set(auth()).send({}).expect(200);
    expect((await stopsOf(id)).stops[1]).toMatchObject({ state: 'done', eta: null });
  });

  it('records task.eta_late once when a slow vehicle’s ETA passes a window’s end, not for a stop it reaches in time', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const near = await task(asset, { location: north(1), window: window(-60, 240) });
    const far = await task(asset, { location: north(50), window: window(-60, 30) });
    const id = await route(asset, [near.id, far.id]);
    await ingest([fix(asset, Date.now() - MIN, DEPOT, 10)]);
    const events = async () =>
      (
        await api()
          .get(
            `/api/events?assetId=${asset.assetId}&type=task.eta_late&from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`,
          )
          .set(auth())
          .expect(200)
      ).body.data;
    let warned: Array<{ taskId: string; details: Record<string, unknown> }> = [];
    for (let tries = 0; tries < 50 && warned.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      warned = await events();
    }
    const { stops } = await stopsOf(id);
    expect(etaMs(stops[1])).toBeGreaterThan(Date.now() + 30 * MIN);
    expect(warned).toEqual([
      expect.objectContaining({ type: 'task.eta_late', taskId: far.id, details: expect.objectContaining({ routeId: id, taskId: far.id }) }),
    ]);
    // Another position, and another instance that read the task before the mark: nothing more.
    await ingest([fix(asset, Date.now() - 30_000, north(0.1), 10)]);
    const marked = await t.connection.collection<Task>('tasks').findOne({ _id: new Types.ObjectId(far.id) });
    expect(marked?.etaLateAt).toBeInstanceOf(Date);
    const readBeforeTheMark = { ...marked!, etaLateAt: undefined } as Stored<Task>;
    await t.app.get(TasksForRoutes).warnEtaLate(readBeforeTheMark, new Date(), new Types.ObjectId(id), new Date());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await events()).toHaveLength(1);
    expect((await api().get(`/api/tasks/${near.id}`).set(auth()).expect(200)).body.data.state).toBe('assigned');
    // A new window arms the warning again: the next ETA past its end is told once more.
    await api()
      .patch(`/api/tasks/${far.id}`)
      .set(auth())
      .send({ window: window(-60, 40) })
      .expect(200);
    const moved = await t.connection.collection<Task>('tasks').findOne({ _id: new Types.ObjectId(far.id) });
    expect(moved?.etaLateAt).toBeUndefined();
    await t.app.get(TasksForRoutes).warnEtaLate(moved as Stored<Task>, new Date(), new Types.ObjectId(id), new Date());
    expect((await events()).map((event: { taskId: string }) => event.taskId)).toEqual([far.id, far.id]);
  });
});
