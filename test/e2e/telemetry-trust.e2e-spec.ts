import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { OfflineWatch } from '../../src/events/detection/offline-watch';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { createDepot, DEPOT, depotFix } from './depot-fixtures';
import { addAsset, storeMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-trust-0123456789';
const NOW = Math.floor(Date.now() / 1000);
/** Two hours ago: every fix of these tests is in the past of the server's clock. */
const T0 = NOW - 2 * 3600;

/**
 * Telemetry that lies (docs/events.md, "Clocks, jumps, resets and jitter"), sent to the ingestion
 * route on the real database: a clock a year ahead, another device's ident, a GPS without a fix,
 * a jump no vehicle drives, a parked vehicle's jitter, an odometer that jumps and resets, a late
 * fix that moves an enter, and a speeding episode that starts at its highest speed. Each case
 * failed before the rules it checks (the answer's counts did not exist; the rest damaged the asset).
 */
describe('telemetry you can trust', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let depotId: string;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const ingest = async (messages: object[]) =>
    (await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200)).body.data;
  /** A message of `asset` `northM` metres north of the depot's centre at `T0 + s`. */
  const fix = (asset: TrackedFixture, s: number, northM: number, extra: object = {}) => depotFix(asset, T0 + s, northM, { 'position.speed': 40, ...extra });
  const latest = async (asset: TrackedFixture) =>
    (await request(t.server).get(`/api/positions/latest?assetIds=${asset.assetId}`).set(auth()).expect(200)).body.data[0] ?? null;
  const meters = async (asset: TrackedFixture) => {
    await t.app.get(TelemetryCompaction).flush();
    return (await request(t.server).get(`/api/assets/${asset.assetId}/meters`).set(auth()).expect(200)).body.data;
  };
  /** The Santiago day of unix second `ts`, as dd/mm/yyyy. */
  const day = (ts: number) => new Date(ts * 1000).toLocaleDateString('en-GB', { timeZone: 'America/Santiago' });
  /** The asset's trips over the local days of these tests. */
  const tripsOf = async (asset: TrackedFixture) => {
    return (
      await request(t.server)
        .get(`/api/trips/${asset.vendorId}?from=${day(T0)}&to=${day(NOW)}`)
        .set(auth())
        .expect(200)
    ).body.data;
  };
  /** The asset's position statistics over the local days of these tests. */
  const statsOf = async (asset: TrackedFixture) => {
    return (
      await request(t.server)
        .post('/api/positions/stats')
        .set(auth())
        .send({ assetIds: [asset.assetId], from: day(T0), to: day(NOW) })
        .expect(200)
    ).body.data.assetsPositionsStats[0].stats;
  };
  const timeline = async (asset: TrackedFixture) =>
    (
      (
        await request(t.server)
          .get(
            `/api/events?assetId=${asset.assetId}&from=${new Date((T0 - 3600) * 1000).toISOString()}&to=${new Date((NOW + 3600) * 1000).toISOString()}&limit=200`,
          )
          .set(auth())
          .expect(200)
      ).body.data as Array<{ type: string; occurredAt: string; details: Record<string, unknown> }>
    )
      .map((e) => ({ ...e, at: Date.parse(e.occurredAt) / 1000 - T0 }))
      .sort((a, b) => a.at - b.at || a.type.localeCompare(b.type));
  const answer = (counts: object) => ({ accepted: 0, duplicates: 0, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0, ...counts });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    depotId = await createDepot(t, tenant.admin.token);
  });
  afterAll(() => t.close());

  it('refuses a message a year ahead of the clock: not stored, not the latest, shown on the tracker and counted', async () => {
    const asset = await addAsset(t, tenant.clientId);
    expect(await ingest([fix(asset, 0, 5000)])).toEqual(answer({ accepted: 1 }));
    const yearAhead = NOW + 365 * 86_400;
    expect(await ingest([{ ...fix(asset, 0, 9000), timestamp: yearAhead }, fix(asset, 60, 5300)])).toEqual(answer({ accepted: 1, future: 1 }));
    // The next fixes are not late: the latest moves on, events and meters follow.
    expect(await ingest([fix(asset, 120, 5600)])).toEqual(answer({ accepted: 1 }));
    expect(await latest(asset)).toMatchObject({ timestamp: T0 + 120 });
    expect((await meters(asset)).odometerKm).toBeCloseTo(0.6, 3);
    await t.app.get(TelemetryCompaction).compact();
    const hours = await t.connection.collection('telemetry_hours').find({ trackerId: asset.trackerId }).toArray();
    expect(hours.reduce((sum, hour) => sum + hour.n, 0)).toBe(3);
    const tracker = (await request(t.server).get(`/api/trackers/${asset.trackerId.toHexString()}`).set(auth()).expect(200)).body.data;
    expect(tracker.lastRefused).toMatchObject({ reason: 'future', timestamp: yearAhead, ident: null });
    // Five minutes of drift are a clock, not a lie.
    expect(await ingest([{ ...fix(asset, 0, 5600), timestamp: NOW + 200 }])).toEqual(answer({ accepted: 1 }));
  });

  it('refuses messages naming another device than the tracker’s ident; accepts any once it is removed', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const path = `/api/trackers/${asset.trackerId.toHexString()}`;
    expect((await request(t.server).patch(path).set(auth()).send({ ident: '356938035643809' }).expect(200)).body.data.ident).toBe('356938035643809');
    expect(await ingest([fix(asset, 0, 0, { ident: '356938035643809' }), fix(asset, 10, 100, { ident: '490154203237518' }), fix(asset, 20, 200)])).toEqual(
      answer({ accepted: 2, identMismatch: 1 }),
    );
    expect((await request(t.server).get(path).set(auth()).expect(200)).body.data.lastRefused).toMatchObject({
      reason: 'identMismatch',
      timestamp: T0 + 10,
      ident: '490154203237518',
    });
    await request(t.server).patch(path).set(auth()).send({ ident: 'no spaces allowed' }).expect(400);
    await request(t.server).patch(path).set(auth()).send({ ident: null }).expect(200);
    expect(await ingest([fix(asset, 30, 300, { ident: '490154203237518' })])).toEqual(answer({ accepted: 1 }));
  });

  it('keeps a fix without GPS (position.valid false) for its sensors, never as a place: 0,0 and 50 km away', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest([fix(asset, 0, 0, { 'engine.ignition.status': true }), fix(asset, 60, 500, { 'engine.ignition.status': true })]);
    const before = await meters(asset);
    const invalid = { 'position.valid': false, 'engine.ignition.status': true, 'temperature.1': 4.5 };
    expect(await ingest([{ ...fix(asset, 120, 0, invalid), 'position.latitude': 0, 'position.longitude': 0 }, fix(asset, 180, 50_000, invalid)])).toEqual(
      answer({ accepted: 2 }),
    );
    expect(await latest(asset)).toMatchObject({ timestamp: T0 + 60 });
    const after = await meters(asset);
    expect(after.odometerKm).toBeCloseTo(before.odometerKm, 6);
    // Its ignition still counts: the engine ran from 60 s to 180 s.
    expect(after.engineHours - before.engineHours).toBeCloseTo(120 / 3600, 3);
  });

  it('ignores a jump of 8 km in 45 s across a geofence: no enter, no exit, no distance (meters, trip, statistics), counted implausible', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // Driving north 4 km south of the depot; one fix 8 km on (across the depot), then back on the road.
    expect(await ingest([fix(asset, 0, -4000), fix(asset, 30, -3700), fix(asset, 75, 4000), fix(asset, 105, -3400)])).toEqual(
      answer({ accepted: 3, implausible: 1 }),
    );
    expect(await timeline(asset)).toEqual([]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(0.6, 3);
    expect(await latest(asset)).toMatchObject({ timestamp: T0 + 105 });
    const compact = () => t.app.get(TelemetryCompaction).compact();
    // The position statistics count the road, not 16 km to the glitch and back: read from the log's points, then from the stored hours.
    expect(await statsOf(asset)).toMatchObject({ totalPositions: 4, totalDistanceKm: 0.6 });
    await compact();
    expect(await statsOf(asset)).toMatchObject({ totalPositions: 4, totalDistanceKm: 0.6 });
    // Parked for six minutes: the trip closes, without the glitch in its distance or its route.
    await ingest([fix(asset, 405, -3400, { 'position.speed': 0 }), fix(asset, 500, -3400, { 'position.speed': 0 })]);
    // Joined to the stored fixes: read from the log, then stored.
    expect(await statsOf(asset)).toMatchObject({ totalPositions: 6, totalDistanceKm: 0.6 });
    await compact();
    expect(await statsOf(asset)).toMatchObject({ totalPositions: 6, totalDistanceKm: 0.6 });
    const trips = await tripsOf(asset);
    expect(trips.map((trip: { begin: number; end: number; distance: number }) => [trip.begin - T0, trip.end - T0, trip.distance])).toEqual([[0, 105, 0.6]]);
  });

  it('believes a relocation once a second fix agrees: distance from there, no crossing invented on the way', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // A tracker carried 8 km (across the depot) while off: two fixes there agree with each other.
    expect(await ingest([fix(asset, 0, -4000), fix(asset, 30, -3700), fix(asset, 75, 4000), fix(asset, 105, 4300), fix(asset, 135, 4600)])).toEqual(
      answer({ accepted: 4, implausible: 1 }),
    );
    expect((await timeline(asset)).map((e) => e.type)).toEqual([]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(0.3 + 0.3, 3);
    expect(await latest(asset)).toMatchObject({ timestamp: T0 + 135 });
    expect(await statsOf(asset)).toMatchObject({ totalPositions: 5, totalDistanceKm: 0.6 });
  });

  it('adds no distance for a parked vehicle jittering ±15 m for 30 minutes, and makes no trip of it', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const parked = Array.from({ length: 60 }, (_, i) =>
      fix(asset, i * 30, (i % 2 === 0 ? 15 : -15) + (i % 3) * 5, { 'position.speed': i % 4 === 0 ? 2 : 0, 'engine.ignition.status': false }),
    );
    await ingest(parked);
    expect((await meters(asset)).odometerKm).toBe(0);
    const trips = await tripsOf(asset);
    expect(trips).toEqual([]);
    // With the ignition on and standing (speed under 3 km/h), within 30 m of where it stopped: nothing either.
    await ingest(
      Array.from({ length: 20 }, (_, i) => fix(asset, 1800 + i * 30, i % 2 === 0 ? 12 : -12, { 'position.speed': 1, 'engine.ignition.status': true })),
    );
    expect((await meters(asset)).odometerKm).toBe(0);
  });

  it('takes a device odometer that jumps or goes back as a new baseline: 1 000 → 101 000 → 1 001 → 1 002 km adds 1 km', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const km = (s: number, mileage: number) => fix(asset, s, s, { 'vehicle.mileage': mileage });
    await ingest([km(0, 1000), km(60, 101_000)]);
    await ingest([km(120, 1001), km(180, 1002)]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(1, 6);
  });

  it('moves the enter a late fix dates earlier, keeping its alert: no alert is left open once the asset left', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({ name: 'Depósito', eventTypes: ['geofence.enter', 'geofence.exit'], allAssets: false, assetIds: [asset.assetId], geofenceIds: [depotId] })
      .expect(201);
    const alerts = async () =>
      (
        (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}&limit=200`).set(auth()).expect(200)).body.data as Array<{
          state: string;
          eventType: string;
          eventIds: string[];
        }>
      )
        .map((alert) => `${alert.eventType}:${alert.state}:${alert.eventIds.length}`)
        .sort();
    await ingest([fix(asset, 0, 400), fix(asset, 20, 100), fix(asset, 30, 50), fix(asset, 40, 400)]);
    expect((await timeline(asset)).map((e) => `${e.type}@${e.at}`)).toEqual(['geofence.enter@20', 'geofence.exit@40']);
    // The enter's alert, resolved by the exit (with both events); the exit's own, over when it opened.
    const inOrder = await alerts();
    expect(inOrder).toEqual(['geofence.enter:resolved:2', 'geofence.exit:resolved:1']);
    // The fix at 10 s, inside, comes late: the enter was at 10 s — the same enter, the same alert.
    await ingest([fix(asset, 10, 150)]);
    expect((await timeline(asset)).map((e) => `${e.type}@${e.at}`)).toEqual(['geofence.enter@10', 'geofence.exit@40']);
    expect(await alerts()).toEqual(inOrder);
  });

  it('sets the meters at a past reading’s time: what telemetry counted after it still counts', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // 500 m a minute for 10 minutes, the engine on: 5 km and 10 minutes.
    await ingest(Array.from({ length: 11 }, (_, i) => fix(asset, i * 60, i * 500, { 'engine.ignition.status': true })));
    expect(await meters(asset)).toMatchObject({ odometerKm: 5, engineHours: 0.167 });
    // Read on the dashboard at 5 minutes: 1 000 km and 50 h then; 2.5 km and 5 minutes came after.
    await request(t.server)
      .post(`/api/assets/${asset.assetId}/meter-readings`)
      .set(auth())
      .send({ odometerKm: 1000, engineHours: 50, readAt: new Date((T0 + 300) * 1000).toISOString() })
      .expect(201);
    const read = await meters(asset);
    expect(read.odometerKm).toBeCloseTo(1002.5, 3);
    expect(read.engineHours).toBeCloseTo(50 + 300 / 3600, 3);
    // Telemetry counts on from there.
    await ingest([fix(asset, 660, 5500, { 'engine.ignition.status': true })]);
    expect((await meters(asset)).odometerKm).toBeCloseTo(1003, 3);
    // Compared with the meter at its own time: at 10 minutes it read 1 002.5 km.
    const at600 = new Date((T0 + 600) * 1000).toISOString();
    await request(t.server).post(`/api/assets/${asset.assetId}/meter-readings`).set(auth()).send({ odometerKm: 1002, readAt: at600 }).expect(409);
    await request(t.server).post(`/api/assets/${asset.assetId}/meter-readings`).set(auth()).send({ odometerKm: 1004, readAt: at600 }).expect(201);
    expect((await meters(asset)).odometerKm).toBeCloseTo(1004.5, 3);
  });

  it('counts on a resend what a crash between storing the fixes and the meters left uncounted', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // 500 m a minute for 6 minutes, the engine on: stored, and the process died before the meters.
    const batch = Array.from({ length: 7 }, (_, i) => fix(asset, i * 60, i * 500, { 'engine.ignition.status': true }));
    await storeMessages(t, asset.trackerId, batch);
    expect(await ingest(batch)).toEqual(answer({ duplicates: 7 }));
    expect(await meters(asset)).toMatchObject({ odometerKm: 3, engineHours: 0.1 });
    // A second resend counts nothing more.
    expect(await ingest(batch)).toEqual(answer({ duplicates: 7 }));
    expect(await meters(asset)).toMatchObject({ odometerKm: 3, engineHours: 0.1 });
  });

  it('flags a refuel whose odometer is far from the asset’s meter at its time (odometer_mismatch)', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .post(`/api/assets/${asset.assetId}/meter-readings`)
      .set(auth())
      .send({ odometerKm: 120_000, readAt: new Date((T0 - 600) * 1000).toISOString() })
      .expect(201);
    // 5 km driven after the reading, before the refuels.
    await ingest(Array.from({ length: 11 }, (_, i) => fix(asset, i * 60, i * 500)));
    // Shown within the second (the recent counts): here at once.
    expect((await meters(asset)).odometerKm).toBeCloseTo(120_005, 3);
    const refuel = async (odometerKm: number) =>
      (
        await request(t.server)
          .post('/api/fuel/refuels')
          .set(auth())
          .send({ assetId: asset.assetId, occurredAt: new Date((T0 + 900) * 1000).toISOString(), liters: 80, odometerKm })
          .expect(201)
      ).body.data;
    const below = await refuel(60_000);
    expect(below.anomalies).toEqual(['odometer_mismatch']);
    expect(below.checks.meterOdometerKm).toBeCloseTo(120_005, 0);
    expect((await refuel(120_030)).anomalies).toEqual([]);
  });

  it('the offline check and a fix at the same moment, in both orders: offline then online, or neither', async () => {
    const watch = t.app.get(OfflineWatch);
    const tracked = async () => {
      const asset = await addAsset(t, tenant.clientId);
      await request(t.server)
        .patch(`/api/assets/${asset.assetId}`)
        .set(auth())
        .send({ eventSettings: { offlineMinutes: 5 } })
        .expect(200);
      await request(t.server)
        .post('/api/alert-rules')
        .set(auth())
        .send({ name: 'Sin señal', eventTypes: ['tracker.offline'], allAssets: false, assetIds: [asset.assetId] })
        .expect(201);
      return asset;
    };
    const nowFix = (asset: TrackedFixture) => ({
      'device.id': asset.vendorId,
      timestamp: Math.floor(Date.now() / 1000) - 1,
      'position.latitude': DEPOT.lat - 0.1,
      'position.longitude': DEPOT.lng,
      'position.speed': 0,
    });
    const alertStates = async (asset: TrackedFixture) =>
      ((await request(t.server).get(`/api/alerts?assetId=${asset.assetId}&limit=200`).set(auth()).expect(200)).body.data as Array<{ state: string }>).map(
        (alert) => alert.state,
      );
    // The check first (six minutes of silence), then the fix: offline, then online, and the alert settled.
    const first = await tracked();
    await ingest([{ ...nowFix(first), timestamp: Math.floor(Date.now() / 1000) - 30 }]);
    expect(await watch.check(new Date(Date.now() + 6 * 60_000))).toBeGreaterThanOrEqual(1);
    await ingest([nowFix(first)]);
    // (The check's clock ran six minutes ahead: the offline event is dated then, after the fix, so
    // its alert is not compared with the online event's time here.)
    expect((await timeline(first)).map((e) => e.type).sort()).toEqual(['tracker.offline', 'tracker.online']);
    // The fix first, the check at the same moment: a tracker that just spoke is not offline, nor told online.
    const second = await tracked();
    await ingest([{ ...nowFix(second), timestamp: Math.floor(Date.now() / 1000) - 30 }]);
    await Promise.all([ingest([nowFix(second)]), watch.check(new Date())]);
    await ingest([{ ...nowFix(second), timestamp: Math.floor(Date.now() / 1000) }]);
    expect((await timeline(second)).map((e) => e.type)).toEqual([]);
    expect(await alertStates(second)).toEqual([]);
  });

  it('reports the highest speed of a speeding episode, its first fix included: 85 → 82 → 60 is a maximum of 85', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .patch(`/api/assets/${asset.assetId}`)
      .set(auth())
      .send({ eventSettings: { speedLimitKmh: 80 } })
      .expect(200);
    await ingest([
      fix(asset, 0, -9000, { 'position.speed': 70 }),
      fix(asset, 10, -8770, { 'position.speed': 85 }),
      fix(asset, 20, -8540, { 'position.speed': 82 }),
      fix(asset, 30, -8370, { 'position.speed': 60 }),
      fix(asset, 40, -8200, { 'position.speed': 60 }),
    ]);
    const events = await timeline(asset);
    expect(events.map((e) => `${e.type}@${e.at}`)).toEqual(['speeding.start@10', 'speeding.end@30']);
    expect(events[1].details).toMatchObject({ limitKmh: 80, maxSpeedKmh: 85 });
  });
});
