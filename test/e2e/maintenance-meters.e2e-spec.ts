import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { Permission } from '@app/auth';
import { FieldType } from '../../src/forms/form-field-types';
import { MetersProcessor } from '../../src/meters/meters-processor';
import { CheckpointsPrune } from '../../src/positions/pipeline/checkpoints-prune';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, newVendorId, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-meters-0123456789';
const KM_PER_DEG = (6371.0088 * Math.PI) / 180; // a degree of latitude, in km (haversine's radius)
const ORIGIN = { lat: -33.45, lng: -70.65 };
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);

/**
 * Meters from telemetry sent to the ingestion route (nothing replaced): distance between fixes
 * (hand-computed: due north, a degree of latitude is 111.195 km), the device's mileage, ignition
 * hours, late messages, a replaced tracker, a device reset; readings (409 / correction), the
 * inspection's odometer answer elsewhere; scope.
 */
describe('asset meters', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  /** A message of `asset` `northKm` north of the origin at `T0 + s`. */
  const fix = (asset: TrackedFixture, s: number, northKm: number, extra: object = {}) => ({
    'device.id': asset.vendorId,
    timestamp: T0 + s,
    'position.latitude': ORIGIN.lat + northKm / KM_PER_DEG,
    'position.longitude': ORIGIN.lng,
    'position.speed': 40,
    ...extra,
  });
  /** The meters as a reader sees them once telemetry's counts are written (every second; here at once). */
  const meters = async (asset: TrackedFixture, token = tenant.admin.token) => {
    await t.app.get(TelemetryCompaction).flush();
    return (await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set(auth(token)).expect(200)).body.data;
  };
  /** The meters as stored once a compaction folded telemetry's counts in. */
  const storedMeters = async (asset: TrackedFixture) => {
    await t.app.get(TelemetryCompaction).compact();
    return t.connection.collection('asset_meters').findOne({ _id: new Types.ObjectId(asset.assetId) });
  };
  /** The asset's tracker's checkpoints' times (seconds after T0), oldest first. */
  const checkpoints = async (asset: TrackedFixture) =>
    (await t.connection.collection('telemetry_checkpoints').find({ trackerId: asset.trackerId }).sort({ ts: 1 }).toArray()).map(
      (checkpoint) => checkpoint.ts - T0,
    );
  const reading = (asset: TrackedFixture, body: object, status: number, token = tenant.admin.token) =>
    request(t.server).post(`/api/assets/${asset.assetId}/meter-readings`).set(auth(token)).send(body).expect(status);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('adds the distance between consecutive fixes and ignition-on time, once per message', async () => {
    const asset = await addAsset(t, tenant.clientId);
    expect(await meters(asset)).toEqual({ odometerKm: 0, engineHours: 0, odometerSource: 'telemetry', updatedAt: null });
    // 0 → 1 km → 3 km → 3.5 km; ignition on from 0 to 600 s, off after: 10 minutes.
    const batch = [
      fix(asset, 0, 0, { 'engine.ignition.status': true }),
      fix(asset, 300, 1),
      fix(asset, 600, 3, { 'engine.ignition.status': false }),
      fix(asset, 900, 3.5),
    ];
    await ingest(batch.slice(0, 2));
    await ingest(batch.slice(2));
    let m = await meters(asset);
    expect(m.odometerKm).toBeCloseTo(3.5, 3);
    expect(m.engineHours).toBeCloseTo(600 / 3600, 3);
    expect(m.odometerSource).toBe('telemetry');
    expect(Date.parse(m.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    await ingest(batch); // a resend: nothing twice
    m = await meters(asset);
    expect(m.odometerKm).toBeCloseTo(3.5, 3);
    expect(m.engineHours).toBeCloseTo(600 / 3600, 3);
    // Parked (speed 0 on both fixes): GPS jitter is no distance.
    await ingest([fix(asset, 1000, 3.5, { 'position.speed': 0 }), fix(asset, 1100, 3.52, { 'position.speed': 0 })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(3.5 + 0, 3);
  });

  it('replays a late message from the fixes stored around it', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // 0 km at 0 s, 2 km at 1200 s (checkpoints every 10 minutes), then 4 km at 1800 s: 4 km.
    await ingest([fix(asset, 0, 0, { 'engine.ignition.status': true })]);
    await ingest([fix(asset, 1200, 2)]);
    await ingest([fix(asset, 1800, 4)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(4, 3);
    // Late: the vehicle was 1 km south at 1500 s (a detour between 2 and 4 km): 2 + 3 + 5 = 10 km.
    await ingest([fix(asset, 1500, -1)]);
    const m = await meters(asset);
    expect(m.odometerKm).toBeCloseTo(10, 3);
    expect(m.engineHours).toBeCloseTo(1800 / 3600, 3);
    await ingest([fix(asset, 1500, -1)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(10, 3);
    // Then on: 5 km at 2100 s.
    await ingest([fix(asset, 2100, 5)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(11, 3);
  });

  it('replays the late messages of several assets in one batch, each from its own fixes, beside an asset in order', async () => {
    const [a, b, c] = [await addAsset(t, tenant.clientId), await addAsset(t, tenant.clientId), await addAsset(t, tenant.clientId)];
    await ingest([a, b, c].map((asset) => fix(asset, 0, 0)));
    await ingest([a, b, c].map((asset) => fix(asset, 1200, 2)));
    await ingest([a, b, c].map((asset) => fix(asset, 1800, 4)));
    // One batch: a 1 km south at 1500 s (2 + 3 + 5 = 10 km), b 5 km north at 1500 s (2 + 3 + 1 = 6 km), c on to 5 km.
    await ingest([fix(a, 1500, -1), fix(b, 1500, 5), fix(c, 2100, 5)]);
    expect((await meters(a)).odometerKm).toBeCloseTo(10, 3);
    expect((await meters(b)).odometerKm).toBeCloseTo(6, 3);
    expect((await meters(c)).odometerKm).toBeCloseTo(5, 3);
  });

  it('keeps a day of checkpoints: the prune removes those written a day ago, and a message older than the span changes nothing, pruned or not', async () => {
    const asset = await addAsset(t, tenant.clientId);
    for (const [s, km] of [
      [0, 0],
      [1200, 2],
      [1800, 4],
    ])
      await ingest([fix(asset, s, km)]);
    // An hour before the first fix (the state before any of its fixes: a first batch overtaken by the next replays from it), then at 1200 s: the state before a batch, every 10 minutes of fix time.
    expect(await checkpoints(asset)).toEqual([-3600, 1200]);
    // A document each, with every processor's state (the meters' share: their feed and telemetry's own totals).
    const [, second] = await t.connection.collection('telemetry_checkpoints').find({ trackerId: asset.trackerId }).sort({ ts: 1 }).toArray();
    expect(second).toMatchObject({
      _id: `${asset.trackerId.toHexString()}:${Math.floor((T0 + 1200) / 600)}`,
      ts: T0 + 1200,
      states: { meters: { telemetryKm: expect.closeTo(2, 3), feed: { ts: T0 + 1200 } }, events: expect.any(Object) },
    });
    // A day later: 6 km, then 8 km.
    await ingest([fix(asset, 90_000, 6)]);
    await ingest([fix(asset, 90_600, 8)]);
    expect(await checkpoints(asset)).toEqual([-3600, 1200, 1800, 90_000]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(8, 3);
    // Older than the span of fix time: stored, not counted, though the checkpoint at 1200 s is still there.
    await ingest([fix(asset, 1500, -1)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(8, 3);
    expect(await checkpoints(asset)).toEqual([-3600, 1200, 1800, 90_000]);
    // The recurring prune removes those written over a day ago (as if the first three were).
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await t.connection
      .collection('telemetry_checkpoints')
      .updateMany({ trackerId: asset.trackerId, ts: { $lt: T0 + 90_000 } }, { $set: { createdAt: dayAgo } });
    expect(await t.app.get(CheckpointsPrune).prune()).toBeGreaterThanOrEqual(3);
    expect(await checkpoints(asset)).toEqual([90_000]);
    await ingest([fix(asset, 1500, -1)]); // the same, after the prune: still not counted
    expect((await meters(asset)).odometerKm).toBeCloseTo(8, 3);
    await ingest([fix(asset, 90_300, 10)]); // within the day: replayed, 6 → 10 → 8 instead of 6 → 8
    expect((await meters(asset)).odometerKm).toBeCloseTo(12, 3);
    expect(await checkpoints(asset)).toEqual([90_000]);
  });

  it('drops the checkpoints after the one a late message is replayed from', async () => {
    const asset = await addAsset(t, tenant.clientId);
    for (const [s, km] of [
      [0, 0],
      [600, 1],
      [1200, 2],
      [1800, 3],
    ])
      await ingest([fix(asset, s, km)]);
    expect(await checkpoints(asset)).toEqual([-3600, 600, 1200]);
    // Late at 700 s: replayed from the checkpoint at 600 s; those after it were counted without it.
    await ingest([fix(asset, 700, 5)]);
    expect(await checkpoints(asset)).toEqual([-3600, 600]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(1 + 4 + 3 + 1, 3);
    // The next batch adds one again (due: over 10 minutes since the one at 600 s).
    await ingest([fix(asset, 2400, 4)]);
    expect(await checkpoints(asset)).toEqual([-3600, 600, 1800]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(10, 3);
  });

  it('replays a message late by over an hour from the checkpoint before it, across empty slots, and drops the later ones', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // 1 km at 600 s, then parked out of coverage for 90 minutes: 2 km at 6000 s, 3 km at 6600 s.
    for (const [s, km] of [
      [0, 0],
      [600, 1],
      [6000, 2],
      [6600, 3],
    ])
      await ingest([fix(asset, s, km)]);
    expect(await checkpoints(asset)).toEqual([-3600, 600, 6000]);
    // Late at 5000 s, 10 km north: nothing in its slot nor the hour before; replayed from 600 s: 1 + 9 + 8 + 1 km.
    await ingest([fix(asset, 5000, 10)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(19, 3);
    expect(await checkpoints(asset)).toEqual([-3600, 600]);
  });

  it('counts on meters written before telemetry kept its own totals (checkpoints inside, no totals), leaving that array unread', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, 0)]);
    const feed = (await storedMeters(asset))!.feed;
    // As the meters were stored before: an embedded array (whose numbers nothing may use), no telemetry totals.
    await t.connection.collection('asset_meters').updateOne(
      { _id: new Types.ObjectId(asset.assetId) },
      {
        $set: { checkpoints: [{ ts: T0 - 60, odometerKm: 500, engineHours: 9, feed: { ...feed, ts: T0 - 60 } }], lastCheckpointTs: T0 },
        $unset: { telemetryKm: '', telemetryHours: '' },
      },
    );
    // Read again from the store, as when the tracker went quiet and left memory.
    t.app.get(MetersProcessor).forget([asset.assetId]);
    await ingest([fix(asset, 600, 1)]);
    await ingest([fix(asset, 300, -1)]); // late: replayed from the pipeline's checkpoint before the first fix
    expect((await meters(asset)).odometerKm).toBeCloseTo(3, 3);
    expect(await checkpoints(asset)).toEqual([-3600]);
  });

  it('takes the device mileage when it is sent; a device reset does not go backwards', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, 0, { 'vehicle.mileage': 50_000 }), fix(asset, 60, 1, { 'vehicle.mileage': 50_002.5 })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(2.5, 3);
    // Reset to 0 on the device: nothing added, counted on from the new value.
    await ingest([fix(asset, 120, 2, { 'vehicle.mileage': 0 }), fix(asset, 180, 3, { 'vehicle.mileage': 1.25 })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(3.75, 3);
  });

  it('continues from the asset’s odometer when its tracker is replaced', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, 0, { 'vehicle.mileage': 1_000 }), fix(asset, 600, 1, { 'vehicle.mileage': 1_010 })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(10, 3);
    const vendorId = newVendorId();
    const trackerId = new Types.ObjectId();
    await t.connection
      .collection('trackers')
      .insertOne({ _id: trackerId, clientId: tenant.clientId, vendorId, name: `Tracker ${vendorId}`, createdAt: new Date(), updatedAt: new Date() });
    await request(t.server).patch(`/api/assets/${asset.assetId}`).set(auth()).send({ mainTrackerId: trackerId.toHexString() }).expect(200);
    await new Promise((done) => setTimeout(done, 3100)); // READ_CACHE_TTL_SECONDS (3) in tests
    const replaced = { ...asset, vendorId, trackerId };
    // The new device says 80 000 km: the asset's odometer does not jump there.
    await ingest([fix(replaced, 700, 1, { 'vehicle.mileage': 80_000 }), fix(replaced, 1000, 2, { 'vehicle.mileage': 80_004 })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(14, 3);
  });

  it('records readings: the newest sets the meters, lower is 409 unless a correction, listed newest first', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, 0), fix(asset, 60, 1)]);
    const first = (await reading(asset, { odometerKm: 1000, engineHours: 20, readAt: new Date(Date.now() - 3600_000).toISOString() }, 201)).body.data;
    expect(first).toMatchObject({ assetId: asset.assetId, odometerKm: 1000, engineHours: 20, correction: false, source: 'manual' });
    expect(await meters(asset)).toMatchObject({ odometerKm: 1000, engineHours: 20, odometerSource: 'reading' });
    // Telemetry adds on top of a reading.
    await ingest([fix(asset, 120, 3)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(1002, 3);
    const lower = await reading(asset, { odometerKm: 990, readAt: new Date().toISOString() }, 409);
    expect(lower.body.error).toMatch(/correction/);
    await reading(asset, { engineHours: 19, readAt: new Date().toISOString() }, 409);
    await reading(asset, { odometerKm: 990, readAt: new Date().toISOString(), correction: true }, 201);
    expect(await meters(asset)).toMatchObject({ odometerKm: 990, odometerSource: 'reading', engineHours: 20 });
    // A late message from before the reading is not replayed over it (5 km north between 1 and 3 km would add 4 km).
    expect(await checkpoints(asset)).toEqual([-3600]);
    await ingest([fix(asset, 90, 5)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(990, 3);
    await reading(asset, { readAt: new Date().toISOString() }, 400);
    await reading(asset, { odometerKm: -1, readAt: new Date().toISOString() }, 400);
    await reading(asset, { odometerKm: 5, readAt: 'yesterday' }, 400);
    await reading(asset, { odometerKm: 5000, readAt: new Date(Date.now() + 3600_000).toISOString() }, 400);
    await reading(asset, { odometerKm: 5000, readAt: new Date().toISOString(), extra: 1 }, 400);
    const page1 = await request(t.server).get(`/api/assets/${asset.assetId}/meter-readings?limit=1`).set(auth()).expect(200);
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.data[0]).toMatchObject({ odometerKm: 990, correction: true });
    const page2 = await request(t.server)
      .get(`/api/assets/${asset.assetId}/meter-readings?limit=5&cursor=${page1.body.page.nextCursor}`)
      .set(auth())
      .expect(200);
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect(page2.body.page.nextCursor).toBeNull();
    await request(t.server).get(`/api/assets/${asset.assetId}/meter-readings?foo=1`).set(auth()).expect(400);
  });

  it('takes an inspection’s odometer as a reading; a lower one is kept but does not lower the meter', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const form = await fleetFixtures(t.app, tenant.clientId).form({
      allAssets: true,
      fields: [{ fieldId: 'odometer', type: FieldType.Number, label: 'Odómetro (km)', required: true, min: 0, max: 2_000_000 }] as never,
    });
    const submit = (body: object) =>
      request(t.server)
        .post('/api/inspections')
        .set(auth())
        .send({ assetId: asset.assetId, formId: form._id.toHexString(), ...body })
        .expect(201);
    const inspection = (await submit({ answers: [{ fieldId: 'odometer', value: 182_340 }] })).body.data;
    expect(await meters(asset)).toMatchObject({ odometerKm: 182_340, odometerSource: 'reading' });
    const [listed] = (await request(t.server).get(`/api/assets/${asset.assetId}/meter-readings`).set(auth()).expect(200)).body.data;
    expect(listed).toMatchObject({ odometerKm: 182_340, source: 'inspection', inspectionId: inspection.id });
    // The body's odometerKm wins over the answer; a lower one is stored, the meter stays.
    await submit({ answers: [{ fieldId: 'odometer', value: 182_500 }], odometerKm: 182_400 });
    expect((await meters(asset)).odometerKm).toBe(182_400);
    await submit({ answers: [{ fieldId: 'odometer', value: 100 }] });
    expect((await meters(asset)).odometerKm).toBe(182_400);
    const readings = (await request(t.server).get(`/api/assets/${asset.assetId}/meter-readings`).set(auth()).expect(200)).body.data;
    expect(readings.map((r: { odometerKm: number }) => r.odometerKm)).toEqual([100, 182_400, 182_340]);
  });

  it('answers 401, 403, and 404 for another client’s asset or one outside the trackers', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server).get(`/api/assets/${asset.assetId}/meters`).expect(401);
    const viewer = await tenant.addUser({ permissions: [Permission.Assets] });
    await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set(auth(viewer.token)).expect(403);
    await reading(asset, { odometerKm: 1, readAt: new Date().toISOString() }, 403, viewer.token);
    const limited = await tenant.addUser({ trackerIds: [] });
    await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set(auth(limited.token)).expect(404);
    await reading(asset, { odometerKm: 1, readAt: new Date().toISOString() }, 404, limited.token);
    await request(t.server).get(`/api/assets/${asset.assetId}/meter-readings`).set(auth(limited.token)).expect(404);
    const other = await createTenant(t.app);
    await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set(auth(other.admin.token)).expect(404);
    await reading(asset, { odometerKm: 1, readAt: new Date().toISOString() }, 404, other.admin.token);
  });
});
