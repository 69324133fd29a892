import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { DetectionRules } from '../../src/events/detection/detection-rule';
import { REGISTERED_RULES } from '../../src/events/detection/detection-rules.fixture';
import { OfflineWatch } from '../../src/events/detection/offline-watch';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { openSse } from '../support/sse-client';
import { DEPOT, depotFix, METRE_OF_LATITUDE as M } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-events-0123456789';
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);

interface EventView {
  id: string;
  type: string;
  occurredAt: string;
  geofenceId: string | null;
  details: Record<string, unknown>;
  position: { lat: number; lng: number; speed: number | null } | null;
}

/**
 * Fleet events from scripted tracks sent to the ingestion route, on the real database: each
 * telemetry event type, duplicates and reordering, jitter at a geofence's edge, a small geofence
 * between two sparse fixes, a late message that changes the past, the offline check, the live
 * stream, and client and tracker scope (nothing of the detector is replaced).
 */
describe('fleet events detected from telemetry', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let depotId: string;
  let smallId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  /** A message of `asset` `north` metres north of the depot's centre at `T0 + s`. */
  const fix = (asset: TrackedFixture, s: number, north: number, extra: object = {}) => depotFix(asset, T0 + s, north, extra);
  const events = async (asset: TrackedFixture, token = tenant.admin.token, query = ''): Promise<EventView[]> =>
    (
      await request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&limit=200${query}`)
        .set(auth(token))
        .expect(200)
    ).body.data;
  /** `type@second` in time order (events of one second by type). */
  const timeline = async (asset: TrackedFixture) =>
    (await events(asset))
      .map((e) => ({ type: e.type, at: Date.parse(e.occurredAt) / 1000 - T0 }))
      .sort((a, b) => a.at - b.at || a.type.localeCompare(b.type))
      .map((e) => `${e.type}@${e.at.toFixed(0)}`);
  const newAsset = async (settings: object = {}) => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ eventSettings: { speedLimitKmh: 90, ...settings } })
      .expect(200);
    return asset;
  };

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const create = (body: object) => request(t.server).post('/api/geofences').set(auth()).send(body).expect(201);
    depotId = (await create({ name: 'Depósito', geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat] }, radiusM: 200, speedLimitKmh: 20 })).body.data
      .id;
    // 20 m across, 1 km north: passed between two fixes a minute apart.
    smallId = (await create({ name: 'Portería', geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat + 1000 * M] }, radiusM: 10 })).body.data.id;
  });
  afterAll(() => t.close());

  it('runs every rule the events module registers, in order (the detector’s unit tests run the same)', () => {
    const names = (rules: readonly object[]) => rules.map((rule) => rule.constructor.name);
    expect(names(t.app.get(DetectionRules).all)).toEqual(names(REGISTERED_RULES));
    expect(names(REGISTERED_RULES)).toEqual([
      'OnlineRule',
      'GeofenceRule',
      'VisitRule',
      'SpeedingRule',
      'IdlingRule',
      'IgnitionRule',
      'HarshDrivingRule',
      'TemperatureRule',
    ]);
  });

  it('enters and leaves a geofence, speeding against its limit and then the asset’s own', async () => {
    const asset = await newAsset();
    await ingest([
      fix(asset, 0, 400, { 'position.speed': 15 }),
      fix(asset, 10, 300, { 'position.speed': 15 }),
      fix(asset, 20, 150, { 'position.speed': 35 }),
      fix(asset, 30, 100, { 'position.speed': 40 }),
    ]);
    await ingest([
      fix(asset, 40, 300, { 'position.speed': 60 }),
      fix(asset, 50, 500, { 'position.speed': 110 }),
      fix(asset, 60, 700, { 'position.speed': 70 }),
    ]);
    expect(await timeline(asset)).toEqual([
      'geofence.enter@20',
      'speeding.start@20',
      'geofence.exit@40',
      'speeding.end@40',
      'speeding.start@50',
      'speeding.end@60',
    ]);
    const [enter] = await events(asset, tenant.admin.token, '&type=geofence.enter');
    expect(enter).toMatchObject({ geofenceId: depotId, details: { geofenceName: 'Depósito' }, position: { speed: 35 } });
    expect(enter.position!.lat).toBeCloseTo(DEPOT.lat + 150 * M, 6);
    const ends = await events(asset, tenant.admin.token, '&type=speeding.end');
    expect(ends.map((e) => e.details)).toEqual([
      { limitKmh: 90, maxSpeedKmh: 110, durationSeconds: 10 },
      { limitKmh: 20, maxSpeedKmh: 40, durationSeconds: 20 },
    ]);
  });

  it('counts a message once: a resent batch, a reordered one and repeats make no second event', async () => {
    const asset = await newAsset();
    const batch = [fix(asset, 0, 400), fix(asset, 10, 150), fix(asset, 20, 100), fix(asset, 30, 300), fix(asset, 40, 400)];
    await ingest(batch);
    const first = await timeline(asset);
    expect(first).toEqual(['geofence.enter@10', 'geofence.exit@30']);
    await ingest(batch);
    await ingest([...batch].reverse().concat(batch[1]));
    expect(await timeline(asset)).toEqual(first);
  });

  it('does not flap on jitter at the edge, and detects a reordered batch in fix-time order', async () => {
    const asset = await newAsset();
    await ingest([fix(asset, 0, 400), fix(asset, 10, 205), fix(asset, 20, 195), fix(asset, 30, 205), fix(asset, 40, 196), fix(asset, 50, 204)].reverse());
    expect(await timeline(asset)).toEqual([]);
  });

  it('yields the enter and exit of a small geofence passed between two sparse fixes', async () => {
    const asset = await newAsset();
    await ingest([fix(asset, 0, 900, { 'position.speed': 60 }), fix(asset, 60, 1100, { 'position.speed': 60 })]);
    const found = (await events(asset)).reverse();
    expect(found.map((e) => [e.type, e.geofenceId, e.details.interpolated])).toEqual([
      ['geofence.enter', smallId, true],
      ['geofence.exit', smallId, true],
    ]);
    const at = found.map((e) => Date.parse(e.occurredAt) / 1000 - T0);
    expect(at[0]).toBeGreaterThanOrEqual(26);
    expect(at[1]).toBeLessThanOrEqual(34);
  });

  it('corrects the past when a late message arrives: the enter moves to the first fix inside', async () => {
    const asset = await newAsset();
    await ingest([fix(asset, 0, 400), fix(asset, 10, 300), fix(asset, 30, 100), fix(asset, 40, 300), fix(asset, 50, 400)]);
    expect(await timeline(asset)).toEqual(['geofence.enter@30', 'geofence.exit@40']);
    await ingest([fix(asset, 20, 150)]); // late: the truck was already inside at 20
    expect(await timeline(asset)).toEqual(['geofence.enter@20', 'geofence.exit@40']);
  });

  it('sees a geofence another instance created or deleted within the read-cache lifetime', async () => {
    const other = await createTestApp(); // a second app instance on the same database
    try {
      const asset = await newAsset();
      const north = 3000; // far from this file's geofences
      await ingest([fix(asset, 0, north - 500, { 'position.speed': 40 })]); // this instance now holds the client's index
      const created = await request(other.server)
        .post('/api/geofences')
        .set(auth())
        .send({ name: 'Obra', geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat + north * M] }, radiusM: 100 })
        .expect(201);
      await new Promise((done) => setTimeout(done, 3100)); // READ_CACHE_TTL_SECONDS (3) in tests
      await ingest([
        fix(asset, 10, north - 200, { 'position.speed': 40 }),
        fix(asset, 20, north, { 'position.speed': 40 }),
        fix(asset, 30, north + 20, { 'position.speed': 40 }),
      ]);
      expect((await events(asset)).map((e) => [e.type, e.geofenceId])).toEqual([['geofence.enter', created.body.data.id]]);
      await request(other.server).delete(`/api/geofences/${created.body.data.id}`).set(auth()).expect(200);
      await new Promise((done) => setTimeout(done, 3100));
      await ingest([fix(asset, 40, north + 500, { 'position.speed': 40 }), fix(asset, 50, north + 800, { 'position.speed': 40 })]);
      expect(await timeline(asset)).toEqual(['geofence.enter@20']); // deleted: forgotten without an exit
    } finally {
      await other.close();
    }
  });

  it('idles, turns the ignition on and off, and leaves and comes back into a temperature range', async () => {
    const asset = await newAsset({ idleMinutes: 5, temperature: { min: 2, max: 8 } });
    const at = (s: number, speed: number, ignition: boolean, temperature: number) =>
      fix(asset, s, 600, { 'position.speed': speed, 'engine.ignition.status': ignition, 'temperature.1': temperature });
    await ingest([
      at(0, 30, false, 5),
      at(60, 30, true, 5),
      at(120, 0, true, 9),
      at(180, 0, true, 9.5),
      at(300, 0, true, 7),
      at(420, 0, true, 6),
      at(480, 25, true, 5),
      at(540, 0, false, 5),
    ]);
    expect(await timeline(asset)).toEqual([
      'ignition.on@60',
      'idling.start@120',
      'temperature.out_of_range@120',
      'temperature.back_in_range@300',
      'idling.end@480',
      'ignition.off@540',
    ]);
  });

  it('finds a silent tracker offline (the offline check, on the server clock) and online again at its next fix', async () => {
    const asset = await newAsset({ offlineMinutes: 30 });
    const recent = Math.floor(Date.now() / 1000) - 3600;
    await ingest([{ ...fix(asset, 0, 600), timestamp: recent }]);
    const arrived = Date.now();
    const watch = t.app.get(OfflineWatch);
    // The check runs on a clock an hour ahead: its events are dated then, past the list's default end (now).
    const later = new Date(arrived + 3600_000).toISOString();
    const offline = async () =>
      (await request(t.server).get(`/api/events?assetId=${asset.assetId}&type=tracker.offline&to=${later}`).set(auth()).expect(200)).body.data as EventView[];
    // Silence counts from the message's arrival, not from its fix an hour ago.
    await watch.check(new Date(arrived + 29 * 60_000));
    expect(await offline()).toEqual([]);
    await watch.check(new Date(arrived + 31 * 60_000));
    await watch.check(new Date(arrived + 40 * 60_000)); // once: already marked
    const told = await offline();
    expect(told).toHaveLength(1);
    expect(Date.parse(told[0].occurredAt)).toBeGreaterThanOrEqual(arrived + 30 * 60_000 - 1000);
    expect(told[0].details).toMatchObject({ lastFixAt: new Date(recent * 1000).toISOString(), offlineMinutes: 30 });
    await ingest([{ ...fix(asset, 0, 600), timestamp: recent + 45 * 60 }]);
    const found = (await request(t.server).get(`/api/events?assetId=${asset.assetId}&type=tracker.online`).set(auth()).expect(200)).body.data as EventView[];
    expect(found.map((e) => Date.parse(e.occurredAt) / 1000 - recent)).toEqual([45 * 60]);
    expect(found[0].details).toEqual({ offlineSeconds: 45 * 60 });
  });

  it('sends each event on the live stream to the streams that see its asset', async () => {
    const asset = await newAsset();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as { port: number };
    const stream = await openSse(`http://127.0.0.1:${port}`, `/api/positions/stream?assetIds=${asset.assetId}`, auth());
    try {
      await stream.waitFor(() => stream.comments.includes('ready'));
      const ingested = Date.now();
      await ingest([fix(asset, 0, 400), fix(asset, 10, 100)]);
      const event = await stream.waitFor(() => stream.events.find((e) => e.event === 'fleet-event'));
      expect(JSON.parse(event.data)).toMatchObject({ type: 'geofence.enter', assetId: asset.assetId, geofenceId: depotId });
      expect(Date.now() - ingested).toBeLessThan(5000);
    } finally {
      stream.close();
    }
  });

  it('lists events in pages newest first, by type and geofence, and refuses bad filters', async () => {
    const asset = await newAsset();
    await ingest(Array.from({ length: 12 }, (_, i) => fix(asset, i * 20, i % 2 === 0 ? 400 : 100)));
    const all = await events(asset);
    expect(all.map((e) => e.type)).toEqual(Array.from({ length: 11 }, (_, i) => (i % 2 === 0 ? 'geofence.enter' : 'geofence.exit')).reverse());
    const page = (cursor?: string) =>
      request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&from=2026-11-01T00:00:00Z&limit=4${cursor ? `&cursor=${cursor}` : ''}`)
        .set(auth())
        .expect(200);
    const seen: string[] = [];
    for (let cursor: string | undefined, n = 0; n < 10; n++) {
      const res = await page(cursor);
      seen.push(...res.body.data.map((e: EventView) => e.id));
      cursor = res.body.page.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    expect(
      (await events(asset, tenant.admin.token, `&geofenceId=${depotId}&type=geofence.exit`)).every(
        (e) => e.type === 'geofence.exit' && e.geofenceId === depotId,
      ),
    ).toBe(true);
    const bad = (query: string) => request(t.server).get(`/api/events?${query}`).set(auth()).expect(400);
    expect((await bad('type=geofence.left')).body.error).toMatch(/type must be event types/);
    expect((await bad('from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z')).body.error).toMatch(/366 days/);
    await bad('assetId=nope');
    await bad('unknown=1');
    expect((await bad('cursor=not-a-cursor!')).body.error).toBeDefined();
  });

  it('keeps events to their client and to the caller’s trackers (401, 403, 404 as documented)', async () => {
    const asset = await newAsset();
    await ingest([fix(asset, 0, 400), fix(asset, 10, 100)]);
    const [event] = await events(asset);
    const get = (token: string | null, id = event.id) => {
      const call = request(t.server).get(`/api/events/${id}`);
      return token ? call.set(auth(token)) : call;
    };
    expect((await get(tenant.admin.token).expect(200)).body.data).toMatchObject({ id: event.id, type: 'geofence.enter', assetId: asset.assetId });
    const other = await createTenant(t.app);
    await get(other.admin.token).expect(404);
    expect(await events(asset, other.admin.token)).toEqual([]);
    const limited = await tenant.addUser({ trackerIds: [] });
    await get(limited.token).expect(404);
    expect((await request(t.server).get('/api/events?from=2026-11-01T00:00:00Z').set(auth(limited.token)).expect(200)).body.data).toEqual([]);
    await get(null).expect(401);
    await get('atk_not-a-token').expect(401);
    const viewer = await tenant.addUser({ permissions: [] });
    await get(viewer.token).expect(403);
    await get(tenant.admin.token, 'not-an-id').expect(404);
  });
});
