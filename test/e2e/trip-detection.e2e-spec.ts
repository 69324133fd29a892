import request from 'supertest';
import { Permission } from '@app/auth';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { DateTime } from 'luxon';
import { MAX_INLINE_TRIP_POSITIONS } from '../../src/positions/store/stored-trip.schema';
import { addAsset, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-trips-0123456789';

/**
 * A scripted day, one message every 30 s on the equator: parked 10 min; drive A 20 min at
 * 0.002°/30 s (≈ 26.7 km/h, 8.9 km); stopped 10 min; a yard move of 2 min (0.27 km: no trip);
 * stopped 10 min; drive B 10 min; parked 10 min. Trips: A and B, begin = their first moving message.
 */
function scriptedDrive(vendorId: number) {
  const messages: object[] = [];
  let lng = 0;
  let ts = T0;
  const add = (minutes: number, step: number) => {
    for (let i = 0; i < minutes * 2; i++, ts += 30) {
      lng += step;
      messages.push({
        'device.id': vendorId,
        timestamp: ts,
        'position.latitude': 0,
        'position.longitude': Number(lng.toFixed(6)),
        'position.speed': step > 0 ? 26.7 : 0,
      });
    }
  };
  add(10, 0);
  const beginA = ts;
  add(20, 0.002);
  const endA = ts - 30;
  add(10, 0);
  add(2, 0.0012);
  add(10, 0);
  const beginB = ts;
  add(10, 0.002);
  const endB = ts - 30;
  add(10, 0);
  return { messages, beginA, endA, beginB, endB };
}

describe('trip detection and GET /api/trips/:vendorId', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  const get = (path: string, token = tenant.admin.token) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
  });
  afterAll(() => t.close());

  it("detects the trips of a scripted drive sent in batches, out of order and twice; the spec's trip lookup returns them", async () => {
    const drive = scriptedDrive(asset.vendorId);
    const m = drive.messages;
    // Batches in order of arrival: the middle first, then the start, then the end, then all again.
    for (const batch of [m.slice(40, 90), m.slice(0, 40), m.slice(90), m]) await ingest(batch);
    const res = await get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026`).expect(200);
    expect(res.body.page).toEqual({ nextCursor: null });
    expect(res.body.data.map((trip: { id: number; begin: number; end: number }) => [trip.id, trip.begin, trip.end])).toEqual([
      [drive.beginB, drive.beginB, drive.endB],
      [drive.beginA, drive.beginA, drive.endA],
    ]);
    expect(res.body.data[1]).toMatchObject({ duration: drive.endA - drive.beginA, max_speed: 26.7, type: 'trip' });
    expect(res.body.data[1].distance).toBeCloseTo(39 * 0.22239, 2);
    expect(res.body.data[0]).not.toHaveProperty('positions');
    const trip = await get(`/api/trips/${asset.vendorId}/trip/${drive.beginA}`).expect(200);
    expect(trip.body.data).toMatchObject({ id: drive.beginA, assetId: asset.assetId, begin: drive.beginA, end: drive.endA });
    expect(trip.body.data.positions).toHaveLength(40);
  });

  it('detects the same trips from a live feed of small batches in order (detection follows on without reading back)', async () => {
    const live = await addAsset(t, tenant.clientId);
    const drive = scriptedDrive(live.vendorId);
    // 7 messages a batch: trips open, go on and close inside batches and at their edges.
    for (let offset = 0; offset < drive.messages.length; offset += 7) await ingest(drive.messages.slice(offset, offset + 7));
    const trips = async (vendorId: number) => (await get(`/api/trips/${vendorId}?from=15/01/2026&to=15/01/2026`).expect(200)).body.data;
    const fed = await trips(live.vendorId);
    expect(fed.map((trip: { begin: number; end: number }) => [trip.begin, trip.end])).toEqual([
      [drive.beginB, drive.endB],
      [drive.beginA, drive.endA],
    ]);
    // Field for field what the first asset's out-of-order batches gave.
    expect(fed).toEqual(await trips(asset.vendorId));
    // Where detection stands is kept with the tracker's state (written at each compaction).
    await t.app.get(TelemetryCompaction).compact();
    const stored = await t.connection.collection('telemetry_tracker_states').findOne({ _id: live.trackerId.toHexString() } as never);
    expect(stored?.trips).toEqual({ openBegin: null, openLastMoving: null, seenTo: (drive.messages.at(-1) as { timestamp: number }).timestamp });
  });

  it('keeps the positions of a trip too long for one document in the hour buckets, and the lookup still returns them all', async () => {
    const long = await addAsset(t, tenant.clientId);
    const count = MAX_INLINE_TRIP_POSITIONS + 10;
    const begin = T0 - 86_400 * 3; // a day of its own, before the scripted drives
    const messages = Array.from({ length: count }, (_, i) => ({
      'device.id': long.vendorId,
      timestamp: begin + i,
      'position.latitude': 0,
      'position.longitude': Number((i * 1e-5).toFixed(6)),
      'position.speed': 40,
    }));
    messages.push({ 'device.id': long.vendorId, timestamp: begin + count + 600, 'position.latitude': 0, 'position.longitude': 1, 'position.speed': 0 });
    for (let offset = 0; offset < messages.length; offset += 10_000) await ingest(messages.slice(offset, offset + 10_000));
    const stored = await t.connection.collection('telemetry_trips').findOne({ _id: `${long.trackerId.toHexString()}:${begin}` } as never);
    expect(stored).toMatchObject({ positions: [], positionsInBuckets: true, begin, end: begin + count - 1 });
    const trip = (await get(`/api/trips/${long.vendorId}/trip/${begin}`).expect(200)).body.data;
    expect(trip).not.toHaveProperty('positionsInBuckets');
    expect(trip.positions).toHaveLength(count);
    expect(trip.positions[count - 1]).toEqual({
      alt: 0,
      dir: 0,
      lat: 0,
      lng: Number(((count - 1) * 1e-5).toFixed(6)),
      speed: 40,
      timestamp: begin + count - 1,
    });
    const day = DateTime.fromSeconds(begin, { zone: 'UTC' }).toFormat('dd/MM/yyyy');
    const listed = (await get(`/api/trips/${long.vendorId}?from=${day}&to=${day}`).expect(200)).body.data;
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0])).not.toContain('positionsInBuckets');
  });

  it('pages newest first with a cursor', async () => {
    const first = await get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026&limit=1`).expect(200);
    expect(first.body.data).toHaveLength(1);
    const second = await get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026&limit=1&cursor=${first.body.page.nextCursor}`).expect(200);
    expect(second.body.data[0].begin).toBeLessThan(first.body.data[0].begin);
    expect(second.body.page.nextCursor).toBeNull();
  });

  it("refuses bad input (400), other clients' and out-of-scope devices (404), callers without access_positions (403)", async () => {
    const q = '?from=15/01/2026&to=15/01/2026';
    for (const query of ['', '?from=15/01/2026', '?from=01/01/2026&to=15/03/2026', `${q}&limit=0`, `${q}&cursor=abc`, `${q}&x=1`]) {
      expect((await get(`/api/trips/${asset.vendorId}${query}`).expect(400)).body).toEqual({ error: expect.any(String) });
    }
    await get(`/api/trips/abc${q}`).expect(400);
    await get(`/api/trips/999999999${q}`).expect(404);
    const other = await createTenant(t.app);
    await get(`/api/trips/${asset.vendorId}${q}`, other.admin.token).expect(404);
    const limited = await tenant.addUser({ permissions: [Permission.Positions], trackerIds: [] });
    await get(`/api/trips/${asset.vendorId}${q}`, limited.token).expect(404);
    const reports = await tenant.addUser({ permissions: [Permission.Reports] });
    await get(`/api/trips/${asset.vendorId}${q}`, reports.token).expect(403);
    await request(t.server).get(`/api/trips/${asset.vendorId}${q}`).expect(401);
  });
});
