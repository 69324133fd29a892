import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { LatestPositionStore } from '../../src/positions/store/latest-position.store';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, newVendorId, ROUTE, storeMessages, T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-current-0123456789';
const OLD_TOKEN = 'ingest-token-previous-0123456789';

describe('POST /api/telemetry/flespi (flespi stream ingestion)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  const post = (body: unknown, token: string | null = TOKEN) => {
    const call = request(t.server).post('/api/telemetry/flespi');
    if (token !== null) call.set('Authorization', `Bearer ${token}`);
    return call.send(body as object);
  };
  const withDevice = (messages: object[], vendorId = asset.vendorId) => messages.map((m) => ({ 'device.id': vendorId, ident: 'imei-1', ...m }));
  const stats = async () =>
    (
      await request(t.server)
        .post('/api/positions/stats')
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .send({ assetIds: [asset.assetId], from: '15/01/2026', to: '15/01/2026' })
        .expect(200)
    ).body.data.globalStats;
  const EXPECTED = { maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 };

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = `${TOKEN}, ${OLD_TOKEN}`;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
  });
  afterAll(() => t.close());

  it('accepts an empty batch', async () => {
    const res = await post([]).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: { accepted: 0, duplicates: 0, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0 },
    });
  });

  it('stores a batch once: a re-sent batch, a reordered one and repeats inside a batch are duplicates', async () => {
    expect((await post(withDevice(ROUTE)).expect(200)).body.data).toEqual({
      accepted: 5,
      duplicates: 0,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    expect(await stats()).toEqual(EXPECTED);
    expect((await post(withDevice(ROUTE)).expect(200)).body.data).toEqual({
      accepted: 0,
      duplicates: 5,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    const shuffled = withDevice([ROUTE[4], ROUTE[2], ROUTE[0], ROUTE[0], ROUTE[3], ROUTE[1]]);
    expect((await post(shuffled).expect(200)).body.data).toEqual({
      accepted: 0,
      duplicates: 6,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    expect(await stats()).toEqual(EXPECTED);
  });

  it("slots a late message (older than the bucket's last point) into place without counting it twice", async () => {
    const other = await addAsset(t, tenant.clientId);
    const send = (messages: object[]) => post(withDevice(messages, other.vendorId)).expect(200);
    await send([ROUTE[0], ROUTE[2], ROUTE[4]]);
    expect((await send([ROUTE[3], ROUTE[1], ROUTE[2]])).body.data).toEqual({
      accepted: 2,
      duplicates: 1,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    const res = await request(t.server)
      .post('/api/positions/stats')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ assetIds: [other.assetId], from: '15/01/2026', to: '15/01/2026' })
      .expect(200);
    expect(res.body.data.globalStats).toEqual(EXPECTED);
  });

  it('finishes, on a resend, the steps a process killed after storing the points left undone', async () => {
    const killed = await addAsset(t, tenant.clientId);
    // What a process killed between the store write and the latest position leaves: the points alone.
    await storeMessages(t, killed.trackerId, ROUTE);
    const resent = await post(withDevice(ROUTE, killed.vendorId)).expect(200);
    expect(resent.body.data).toEqual({ accepted: 0, duplicates: 5, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0 });
    const latest = await t.app.get(LatestPositionStore).findMany([killed.trackerId.toHexString()]);
    expect(latest.get(killed.trackerId.toHexString())?.ts).toBe(Math.max(...ROUTE.map((m) => m.timestamp)));
  });

  it('stores, at the next compaction, the latest position a resend moved when a process was killed between the states and the latest positions', async () => {
    const killed = await addAsset(t, tenant.clientId);
    const newest = Math.max(...ROUTE.map((m) => m.timestamp));
    // The points stored and the tracker's state written (all processed), its latest position not.
    await storeMessages(t, killed.trackerId, ROUTE);
    await t.connection.collection('telemetry_tracker_states').insertOne({
      _id: killed.trackerId.toHexString(),
      trackerId: killed.trackerId,
      newestTs: newest,
      processedTs: newest,
      unreplayed: null,
      trips: { openBegin: null, openLastMoving: null, seenTo: newest },
      checkpointTs: null,
      updatedAt: new Date(),
    } as never);
    expect((await post(withDevice(ROUTE, killed.vendorId)).expect(200)).body.data).toMatchObject({ accepted: 0, duplicates: 5 });
    await t.app.get(TelemetryCompaction).compact();
    const stored = await t.app.get(LatestPositionStore).findStored([killed.trackerId.toHexString()]);
    expect(stored.get(killed.trackerId.toHexString())?.ts).toBe(newest);
  });

  it("takes a batch that mixes many devices, interleaved: each device's points, latest position and summary as if sent alone", async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => addAsset(t, tenant.clientId)));
    // Message k of every device, then message k+1 of every device...: how a stream of a fleet posts.
    const batch = ROUTE.flatMap((message) => fleet.map((device) => ({ 'device.id': device.vendorId, ...message })));
    expect((await post(batch).expect(200)).body.data).toEqual({
      accepted: 5 * fleet.length,
      duplicates: 0,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    expect((await post(batch).expect(200)).body.data).toEqual({
      accepted: 0,
      duplicates: 5 * fleet.length,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    const latest = [...(await t.app.get(LatestPositionStore).findMany(fleet.map((device) => device.trackerId.toHexString()))).values()];
    expect(latest.map((record) => [record.vendorId, record.ts, record.lng]).sort()).toEqual(fleet.map((device) => [device.vendorId, T0 + 3610, 0.04]).sort());
    const res = await request(t.server)
      .post('/api/positions/stats')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ assetIds: fleet.map((device) => device.assetId), from: '15/01/2026', to: '15/01/2026' })
      .expect(200);
    expect(res.body.data.assetsPositionsStats.map((asset: { stats: object }) => asset.stats)).toEqual(fleet.map(() => EXPECTED));
  });

  it('counts malformed messages and unknown devices, and stores the rest', async () => {
    const fresh = await addAsset(t, tenant.clientId);
    const batch = [
      { 'device.id': fresh.vendorId, timestamp: T0, 'position.latitude': 0, 'position.longitude': 0 },
      { device: { id: fresh.vendorId }, timestamp: T0 + 10 },
      { ident: String(fresh.vendorId), timestamp: T0 + 20 },
      { 'device.id': fresh.vendorId }, // no timestamp
      { 'device.id': fresh.vendorId, timestamp: 'yesterday' },
      { timestamp: T0 }, // no device
      { 'device.id': 'abc', timestamp: T0 },
      null,
      42,
      [1, 2],
      { 'device.id': newVendorId(), timestamp: T0 },
      { 'device.id': newVendorId(), timestamp: T0 + 1 },
    ];
    expect((await post(batch).expect(200)).body.data).toEqual({
      accepted: 3,
      duplicates: 0,
      unknownDevice: 2,
      invalid: 7,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
  });

  it("takes messages whose parameters hold control characters or prototype keys: a device's data, not a 400 for the batch", async () => {
    const fresh = await addAsset(t, tenant.clientId);
    const batch = [
      {
        'device.id': fresh.vendorId,
        timestamp: T0,
        'position.latitude': 0,
        'position.longitude': 0,
        'device.name': 'truck\u0001\ttwo',
        'can.text': 'line\u0000',
      },
      JSON.parse(`{"device.id": ${fresh.vendorId}, "timestamp": ${T0 + 10}, "__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}`),
    ];
    expect((await post(batch).expect(200)).body.data).toEqual({
      accepted: 2,
      duplicates: 0,
      unknownDevice: 0,
      invalid: 0,
      future: 0,
      implausible: 0,
      identMismatch: 0,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body that is not an array with 400, and a body over 20 MB with 413', async () => {
    for (const body of [{ messages: [] }, 'text', 12]) {
      const res = await post(body).set('Content-Type', 'application/json').expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    await request(t.server)
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .set('Content-Type', 'application/json')
      .send('[{"a":')
      .expect(400);
    const big = `[${Array.from({ length: 210_000 }, (_, i) => `{"device.id":1,"timestamp":${i},"x":"${'y'.repeat(80)}"}`).join(',')}]`;
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).set('Content-Type', 'application/json').send(big).expect(413);
  });

  it('takes a batch over the global 1 MB limit on this route only', async () => {
    const fresh = await addAsset(t, tenant.clientId);
    const messages = Array.from({ length: 20_000 }, (_, i) => ({
      'device.id': fresh.vendorId,
      timestamp: T0 + i,
      'position.latitude': 0,
      'position.longitude': i / 1e5,
      'position.speed': 30,
    }));
    expect(JSON.stringify(messages).length).toBeGreaterThan(1024 * 1024);
    expect((await post(messages).expect(200)).body.data.accepted).toBe(20_000);
    await request(t.server)
      .post('/api/positions/stats')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ assetIds: Array(500).fill(asset.assetId), from: '15/01/2026', to: '15/01/2026', pad: 'x'.repeat(1024 * 1024) })
      .expect(413);
  });

  it('answers 401 without the ingest token: none, wrong, a user session or API token; both rotated tokens work', async () => {
    for (const token of [null, 'wrong-token-0123456789abc', tenant.admin.token, tenant.admin.apiToken, `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await post([], token).expect(401);
      expect(res.body).toEqual({ error: 'Invalid or expired token' });
    }
    await request(t.server).post('/api/telemetry/flespi').set('Authorization', TOKEN).send([]).expect(401);
    await request(t.server).post('/api/telemetry/flespi').set('Cookie', `fleet_session=${tenant.admin.token}`).send([]).expect(401);
    await post([], OLD_TOKEN).expect(200);
  });

  it('refuses the old token once it is rotated out, and everything when no token is configured', async () => {
    const rotated = await createTestAppWithEnv({ TELEMETRY_INGEST_TOKENS: TOKEN });
    const none = await createTestAppWithEnv({ TELEMETRY_INGEST_TOKENS: '' });
    try {
      await request(rotated.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${OLD_TOKEN}`).send([]).expect(401);
      await request(rotated.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send([]).expect(200);
      await request(none.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send([]).expect(401);
    } finally {
      await rotated.close();
      await none.close();
    }
  });
});
