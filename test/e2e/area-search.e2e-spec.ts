import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-area-search-0123456789';
const HOUR = 3600;
const DAY = 86400;

/** A closed ring of the rectangle [west, east] × [south, north] (GeoJSON, `[lng, lat]`). */
const rectangle = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

// An area of about 2 × 2 km in Santiago with a hole in its middle.
const OUTER = rectangle(-70.7005, -33.4605, -70.6795, -33.4395);
const HOLE = rectangle(-70.695, -33.455, -70.685, -33.445);
const POLYGON = { type: 'Polygon', coordinates: [OUTER, HOLE] };
// A circle of 300 m.
const CIRCLE = { geometry: { type: 'Point', coordinates: [-70.6, -33.4] }, radiusM: 300 };

/**
 * History by area through HTTP, on telemetry ingested through the flespi route: from the
 * compacted buckets, from the log (not yet compacted), and from hour summaries stored before
 * they kept a box.
 */
describe('POST /api/positions/area-search', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let a: TrackedFixture;
  let b: TrackedFixture;
  let hole: TrackedFixture;
  let nearby: TrackedFixture;
  // Three days ago at 13:00 UTC: the first pass crosses the area around 13:00, across two hours.
  const base = Math.floor(Date.now() / 1000 / DAY) * DAY - 3 * DAY + 13 * HOUR;
  const from = new Date((base - DAY) * 1000).toISOString();
  const to = new Date().toISOString();
  const iso = (ts: number) => new Date(ts * 1000).toISOString();

  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  const search = (body: object, token = tenant.admin.token) =>
    request(t.server).post('/api/positions/area-search').set('Authorization', `Bearer ${token}`).send(body);
  /** A fix every 30 s from `start`, at each of the positions. */
  const drive = (asset: TrackedFixture, start: number, positions: Array<[number, number]>) =>
    positions.map(([lat, lng], i) => ({
      'device.id': asset.vendorId,
      timestamp: start + i * 30,
      'position.latitude': lat,
      'position.longitude': lng,
      'position.speed': 11,
    }));
  /** East or west along a parallel, 0.001° a fix (about 93 m), from `firstLng`, `count` fixes. */
  const along = (lat: number, firstLng: number, count: number, step = 0.001) =>
    Array.from({ length: count }, (_, i): [number, number] => [lat, Number((firstLng + i * step).toFixed(6))]);

  // A's passes along -33.458 (inside the outer ring, south of the hole): lng -70.72 + i × 0.001 is inside for i = 20..40.
  const firstPass = base - 20 * 30 - 300;
  const secondPass = base + DAY;
  const freshPass = base + 2 * DAY;
  const aInterval = (start: number) => ({ enteredAt: iso(start + 20 * 30), leftAt: iso(start + 40 * 30), fixes: 21 });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'A truck' });
    b = await addAsset(t, tenant.clientId, { name: 'B truck' });
    hole = await addAsset(t, tenant.clientId, { name: 'C truck' });
    nearby = await addAsset(t, tenant.clientId, { name: 'D truck' });
    await ingest(drive(a, firstPass, along(-33.458, -70.72, 61)));
    await ingest(drive(a, secondPass, along(-33.458, -70.66, 61, -0.001)));
    // North along -70.6 from -33.41, 0.0005° a fix: within 300 m of the centre for i = 15..25.
    await ingest(
      drive(
        b,
        base,
        Array.from({ length: 41 }, (_, i): [number, number] => [Number((-33.41 + i * 0.0005).toFixed(6)), -70.6]),
      ),
    );
    // Only inside the hole, and only near the area (south of its box).
    await ingest(drive(hole, base, along(-33.45, -70.694, 9)));
    await ingest(drive(nearby, base, along(-33.47, -70.72, 61)));
    await t.app.get(TelemetryCompaction).compact();
  });
  afterAll(() => t.close());

  it('answers who was inside a polygon and when, from the compacted buckets: passes through the hole or nearby are not visits', async () => {
    const res = await search({ geometry: POLYGON, from, to }).expect(200);
    expect(res.body.data).toEqual([{ assetId: a.assetId, assetName: 'A truck', truncated: false, intervals: [aInterval(secondPass), aInterval(firstPass)] }]);
    expect(await t.connection.collection('telemetry_log').countDocuments()).toBe(0);
  });

  it('answers who was inside a circle, by great-circle distance', async () => {
    const res = await search({ ...CIRCLE, from, to }).expect(200);
    expect(res.body.data).toEqual([
      { assetId: b.assetId, assetName: 'B truck', truncated: false, intervals: [{ enteredAt: iso(base + 15 * 30), leftAt: iso(base + 25 * 30), fixes: 11 }] },
    ]);
  });

  it('counts only the fixes of the period, and only the assets asked', async () => {
    const cut = { geometry: POLYGON, from: iso(firstPass + 30 * 30), to: iso(secondPass + 25 * 30) };
    expect((await search(cut).expect(200)).body.data[0].intervals).toEqual([
      { enteredAt: iso(secondPass + 20 * 30), leftAt: iso(secondPass + 25 * 30), fixes: 6 },
      { enteredAt: iso(firstPass + 30 * 30), leftAt: iso(firstPass + 40 * 30), fixes: 11 },
    ]);
    expect((await search({ geometry: POLYGON, from, to, assetIds: [b.assetId, hole.assetId] }).expect(200)).body.data).toEqual([]);
  });

  it('finds fresh points still in the log, and the same once they are compacted', async () => {
    await ingest(drive(a, freshPass, along(-33.458, -70.72, 61)));
    // B goes back into the circle within an hour whose compacted fixes are there too.
    await ingest(drive(b, base + 41 * 30 + 20 * 60, [[-33.4, -70.6]]));
    expect(await t.connection.collection('telemetry_log').countDocuments()).toBeGreaterThan(0);
    const polygon = await search({ geometry: POLYGON, from, to }).expect(200);
    expect(polygon.body.data[0].intervals).toEqual([aInterval(freshPass), aInterval(secondPass), aInterval(firstPass)]);
    const circle = await search({ ...CIRCLE, from, to }).expect(200);
    expect(circle.body.data[0].intervals).toEqual([
      { enteredAt: iso(base + 41 * 30 + 20 * 60), leftAt: iso(base + 41 * 30 + 20 * 60), fixes: 1 },
      { enteredAt: iso(base + 15 * 30), leftAt: iso(base + 25 * 30), fixes: 11 },
    ]);
    await t.app.get(TelemetryCompaction).compact();
    expect((await search({ geometry: POLYGON, from, to }).expect(200)).body).toEqual(polygon.body);
    expect((await search({ ...CIRCLE, from, to }).expect(200)).body).toEqual(circle.body);
  });

  it('reads the hours summarized before boxes were kept, and answers the same', async () => {
    const before = (await search({ geometry: POLYGON, from, to }).expect(200)).body;
    const unset = Object.fromEntries(Array.from({ length: 24 }, (_, h) => [`hours.${h}.box`, '']));
    const { modifiedCount } = await t.connection.collection('telemetry_days').updateMany({}, { $unset: unset });
    expect(modifiedCount).toBeGreaterThan(0);
    expect((await search({ geometry: POLYGON, from, to }).expect(200)).body).toEqual(before);
  });

  it("never searches assets outside the caller's trackers; naming one, or another client's, is 404", async () => {
    const limited = await tenant.addUser({ permissions: [Permission.Positions], trackerIds: [b.trackerId] });
    const everywhere = rectangle(-71, -34, -70, -33);
    const mine = await search({ geometry: { type: 'Polygon', coordinates: [everywhere] }, from, to }, limited.token).expect(200);
    expect(mine.body.data.map((v: { assetId: string }) => v.assetId)).toEqual([b.assetId]);
    const outside = await search({ geometry: POLYGON, from, to, assetIds: [a.assetId] }, limited.token).expect(404);
    expect(outside.body).toEqual({ error: 'Asset not found' });
    const other = await createTenant(t.app);
    await search({ geometry: POLYGON, from, to, assetIds: [a.assetId] }, other.admin.token).expect(404);
    expect((await search({ geometry: POLYGON, from, to }, other.admin.token).expect(200)).body.data).toEqual([]);
  });

  it('refuses, with 400, an area that more tracker-hours pass near than one search reads; one under the bound is answered', async () => {
    // Day documents only (what a search plans with): 21 trackers × 744 hours whose box meets the area.
    const fleet = await createTenant(t.app);
    const assets = await Promise.all(Array.from({ length: 21 }, () => addAsset(t, fleet.clientId)));
    const first = Date.UTC(2026, 0, 1) / 1000;
    const hours = Object.fromEntries(Array.from({ length: 24 }, (_, h) => [String(h), { positions: 1, box: [-33.46, -33.44, -70.7, -70.68] }]));
    const days = assets.flatMap(({ trackerId }) =>
      Array.from({ length: 31 }, (_, d) => ({ _id: `${trackerId.toHexString()}:${first + d * DAY}`, trackerId, start: first + d * DAY, hours })),
    );
    await t.connection.collection('telemetry_days').insertMany(days as never[]);
    const body = { geometry: POLYGON, from: '2026-01-01T00:00:00Z', to: '2026-01-31T23:00:00Z' };
    const refused = await search(body, fleet.admin.token).expect(400);
    expect(refused.body.error).toMatch(/15624 tracker-hours of the period, over the 15000 one search reads/);
    const fewer = await search({ ...body, assetIds: assets.slice(1).map((asset) => asset.assetId) }, fleet.admin.token).expect(200);
    expect(fewer.body.data).toEqual([]);
  });

  it('answers 401 without a valid credential and 403 without access_positions', async () => {
    const body = { geometry: POLYGON, from, to };
    const gone = await tenant.addUser();
    const tokens = (await request(t.server).get('/api/auth/api-tokens').set('Authorization', `Bearer ${gone.token}`).expect(200)).body.data as Array<{
      id: string;
      hint: string;
    }>;
    const { id } = tokens.find((token) => token.hint === `…${gone.apiToken.slice(-4)}`)!;
    await request(t.server).delete(`/api/auth/api-tokens/${id}`).set('Authorization', `Bearer ${gone.token}`).expect(200);
    await request(t.server).post('/api/auth/logout').set('Authorization', `Bearer ${gone.token}`).expect(200);
    expect((await request(t.server).post('/api/positions/area-search').send(body).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    for (const token of ['atk_bogus', gone.apiToken, gone.token]) await search(body, token).expect(401);
    const reporter = await tenant.addUser({ permissions: [Permission.Reports] });
    expect((await search(body, reporter.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
  });

  it.each([
    [
      'a ring that crosses itself',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      },
      'crosses itself',
    ],
    ['a ring not closed', { geometry: { type: 'Polygon', coordinates: [OUTER.slice(0, 4)] } }, 'not closed'],
    [
      'a LineString',
      {
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
      'type must be Polygon',
    ],
    ['a Point without radiusM', { geometry: CIRCLE.geometry }, 'needs radiusM'],
    ['a radius under 10 m', { ...CIRCLE, radiusM: 5 }, 'radiusM'],
    ['a radius over 50 km', { ...CIRCLE, radiusM: 50_001 }, 'radiusM'],
    ['a polygon with radiusM', { geometry: POLYGON, radiusM: 100 }, 'radiusM is only for a Point'],
    ['a period over 31 days', { geometry: POLYGON, from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:01Z' }, '31 days'],
    ['from equal to to', { geometry: POLYGON, from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'from must be before to'],
    ['from after to', { geometry: POLYGON, from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'from must be before to'],
    ['a date that is not ISO 8601', { geometry: POLYGON, from: '01/01/2026' }, 'from'],
    ['an unknown field', { geometry: POLYGON, colour: 'red' }, 'colour'],
    ['assetIds not a list', { geometry: POLYGON, assetIds: 'abc' }, 'assetIds'],
    ['a bad asset id', { geometry: POLYGON, assetIds: ['nope'] }, 'assetIds'],
    ['over 500 asset ids', { geometry: POLYGON, assetIds: Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(24, '0')) }, 'assetIds'],
    ['a number for from', { geometry: POLYGON, from: 5 }, 'from'],
    ['a geometry that is a string', { geometry: 'Polygon' }, 'geometry'],
    ['a null radiusM', { ...CIRCLE, radiusM: null }, 'radiusM'],
    ['null assetIds', { geometry: POLYGON, assetIds: null }, 'assetIds'],
  ])('refuses %s with 400 shape A naming it', async (_name, body, message) => {
    const res = await search({ from, to, ...body }).expect(400);
    expect(typeof res.body.error).toBe('string');
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('refuses __proto__ keys in the body and in the geometry', async () => {
    const valid = JSON.stringify({ from, to, geometry: POLYGON }).slice(1);
    const send = (raw: string) =>
      request(t.server)
        .post('/api/positions/area-search')
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .set('content-type', 'application/json')
        .send(raw);
    expect(JSON.stringify((await send(`{"__proto__":{"polluted":true},${valid}`).expect(400)).body)).toContain('__proto__');
    const geometry = `{"__proto__":{"polluted":true},"type":"Point","coordinates":[-70.6,-33.4]}`;
    expect(JSON.stringify((await send(`{"from":"${from}","to":"${to}","radiusM":300,"geometry":${geometry}}`).expect(400)).body)).toContain('__proto__');
  });
});
