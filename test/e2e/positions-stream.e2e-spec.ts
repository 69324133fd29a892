import type { AddressInfo } from 'node:net';
import { Types } from 'mongoose';
import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { PositionFeed } from '../../src/positions/live/position-feed.service';
import { PositionStreams } from '../../src/positions/live/position-streams.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { openSse, SseClient } from '../support/sse-client';
import { eventually } from '../support/webhook-receiver';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-stream-0123456789';

async function listen(app: TestApp): Promise<string> {
  await app.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
}

describe('GET /api/positions/stream (live positions, Server-Sent Events)', () => {
  let t: TestApp;
  let baseUrl: string;
  let tenant: TestTenant;
  let a: TrackedFixture;
  let b: TrackedFixture;
  const open: SseClient[] = [];
  let clock = Math.floor(Date.now() / 1000) - 3600;
  /** One message per asset through the flespi route, each newer than the last. */
  const ingest = async (server: TestApp['server'], ...assets: TrackedFixture[]) => {
    clock += 1;
    const messages = assets.map((asset, i) => ({
      'device.id': asset.vendorId,
      timestamp: clock,
      'position.latitude': -33.4 - i / 100,
      'position.longitude': -70.6,
      'position.speed': 30,
    }));
    await request(server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
    return clock;
  };
  const stream = async (token: string, query = '', headers: Record<string, string> = {}, base = baseUrl) => {
    const client = await openSse(base, `/api/positions/stream${query}`, { Authorization: `Bearer ${token}`, ...headers });
    open.push(client);
    if (client.status === 200) await client.waitFor(() => client.comments.includes('ready'));
    return client;
  };
  const positions = (client: SseClient) => client.events.map((e) => JSON.parse(e.data) as { assetId: string; timestamp: number });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    process.env.POSITION_STREAM_HEARTBEAT_MS = '200';
    process.env.POSITION_STREAM_POLL_MS = '200';
    t = await createTestApp();
    baseUrl = await listen(t);
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'A truck' });
    b = await addAsset(t, tenant.clientId, { name: 'B truck' });
  });
  afterEach(() => open.splice(0).forEach((client) => client.close()));
  afterAll(() => t.close());

  it('streams the updates of an ingestion POST, unbuffered, with heartbeats; polling runs on the embedded server', async () => {
    expect(t.app.get(PositionFeed).mode).toBe('polling');
    const client = await stream(tenant.admin.token);
    expect(client.headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    expect(client.headers['content-encoding']).toBeUndefined();
    const ts = await ingest(t.server, a);
    const event = await client.waitFor(() => client.events.find((e) => JSON.parse(e.data).timestamp === ts));
    expect(event.event).toBe('position');
    expect(event.id).toMatch(/^\d{13}$/);
    expect(JSON.parse(event.data)).toEqual({
      assetId: a.assetId,
      assetName: 'A truck',
      licensePlate: 'AB-1234',
      vendorId: a.vendorId,
      lat: -33.4,
      lng: -70.6,
      speed: 30,
      direction: null,
      altitude: null,
      timestamp: ts,
      ageSeconds: expect.any(Number),
      online: false,
      ignition: null,
    });
    await client.waitFor(() => client.comments.includes('heartbeat'), 2000);
  });

  it("never sends an asset outside the caller's client or trackers, nor outside assetIds", async () => {
    const limited = await tenant.addUser({ permissions: [Permission.Positions], trackerIds: [b.trackerId] });
    const other = await createTenant(t.app);
    const mine = await stream(tenant.admin.token);
    const onlyB = await stream(limited.token);
    const foreign = await stream(other.admin.token);
    const filtered = await stream(tenant.admin.token, `?assetIds=${a.assetId}`);
    const ts = await ingest(t.server, a, b);
    await mine.waitFor(() => positions(mine).filter((p) => p.timestamp === ts).length === 2);
    await onlyB.waitFor(() => positions(onlyB).some((p) => p.timestamp === ts));
    await filtered.waitFor(() => positions(filtered).some((p) => p.timestamp === ts));
    await new Promise((resolve) => setTimeout(resolve, 500)); // past a poll of the feed too
    expect(positions(onlyB).map((p) => p.assetId)).toEqual([b.assetId]);
    expect(positions(filtered).map((p) => p.assetId)).toEqual([a.assetId]);
    expect(foreign.events).toEqual([]);
  });

  it('replays what changed after Last-Event-ID on a reconnect', async () => {
    const first = await stream(tenant.admin.token);
    const seen = await ingest(t.server, a);
    const last = await first.waitFor(() => first.events.find((e) => JSON.parse(e.data).timestamp === seen));
    first.close();
    await first.ended;
    const missedA = await ingest(t.server, a);
    const missedB = await ingest(t.server, b);
    const again = await stream(tenant.admin.token, '', { 'Last-Event-ID': last.id! });
    // Sent before `: ready`, oldest first.
    expect(
      positions(again)
        .filter((p) => p.timestamp >= missedA)
        .map((p) => [p.assetId, p.timestamp]),
    ).toEqual([
      [a.assetId, missedA],
      [b.assetId, missedB],
    ]);
    const fresh = await stream(tenant.admin.token);
    expect(fresh.events).toEqual([]);
    const garbage = await stream(tenant.admin.token, '', { 'Last-Event-ID': 'not-an-id' });
    expect(garbage.events).toEqual([]);
  });

  it('brings an update ingested by another instance (polling the shared database), and ends its streams on shutdown', async () => {
    const second = await createTestAppWithEnv({ POSITION_STREAM_POLL_MS: '200' });
    try {
      const secondUrl = await listen(second);
      const client = await stream(tenant.admin.token, '', {}, secondUrl);
      const ts = await ingest(t.server, b);
      const event = await client.waitFor(() => client.events.find((e) => JSON.parse(e.data).timestamp === ts), 5000);
      expect(JSON.parse(event.data).assetId).toBe(b.assetId);
      await second.close();
      await client.ended; // the app's shutdown ended the stream (else close() would never return)
    } finally {
      await second.close().catch(() => undefined);
    }
  });

  it('brings the fleet events another instance recorded, through the shared feed, each once', async () => {
    const streams = t.app.get(PositionStreams);
    const before = streams.size;
    const client = await stream(tenant.admin.token, `?assetIds=${b.assetId}`);
    const eventId = new Types.ObjectId();
    const view = { id: eventId.toHexString(), type: 'geofence.enter', assetId: b.assetId };
    // As another instance writes it; then the same event once more (recorded again elsewhere).
    const entry = () => ({ _id: new Types.ObjectId(), eventId, assetId: new Types.ObjectId(b.assetId), view });
    await t.connection.collection('fleet_event_feed').insertOne(entry());
    const frame = await client.waitFor(() => client.events.find((e) => e.event === 'fleet-event'), 5000);
    expect(JSON.parse(frame.data)).toEqual(view);
    await t.connection.collection('fleet_event_feed').insertOne(entry());
    // Polls every 200 ms, each reading from 2 s before the newest entry: five of them later, still told once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(client.events.filter((e) => e.event === 'fleet-event')).toHaveLength(1);
    // Gone from the server before the next test counts the streams.
    client.close();
    await eventually(() => streams.size === before, 'the stream to end on the server', 2000);
  });

  it('ends the stream when the client disconnects', async () => {
    const streams = t.app.get(PositionStreams);
    const before = streams.size;
    const client = await stream(tenant.admin.token);
    expect(streams.size).toBe(before + 1);
    client.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streams.size).toBe(before);
  });

  it('refuses no or a bad credential (401), a role without access_positions (403) and bad input (400)', async () => {
    expect((await openSse(baseUrl, '/api/positions/stream')).status).toBe(401);
    const bad = await openSse(baseUrl, '/api/positions/stream', { Authorization: 'Bearer atk_not_a_token' });
    expect([bad.status, JSON.parse(await bad.body())]).toEqual([401, { error: 'Invalid or expired token' }]);
    const viewer = await tenant.addUser({ permissions: [Permission.Reports] });
    expect((await openSse(baseUrl, '/api/positions/stream', { Authorization: `Bearer ${viewer.token}` })).status).toBe(403);
    for (const query of ['assetIds=xyz', 'groupId=1', 'x=1']) {
      const res = await openSse(baseUrl, `/api/positions/stream?${query}`, { Authorization: `Bearer ${tenant.admin.token}` });
      expect([res.status, Object.keys(JSON.parse(await res.body()))]).toEqual([400, ['error']]);
    }
  });
});
