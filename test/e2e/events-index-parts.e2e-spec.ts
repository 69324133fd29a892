// A part of a client's hour holds 20 entries here (5000 by default): a few batches fill several.
// The app reads it when it is built.
process.env.EVENT_INDEX_PART_ENTRIES = '20';

import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-index-parts-0123456789';
const M = 1 / 111_195; // a metre of latitude, in degrees
const DEPOT = { lat: -33.45, lng: -70.65 };
/** Entries a part may gain past 20 before an instance looks again: a tenth of a part and one batch's entries. */
const BATCH_EVENTS = 5 * 4;
const PART_BOUND = 20 + 2 + BATCH_EVENTS;

interface EventView {
  id: string;
  occurredAt: string;
}

/**
 * The events index keeps a busy client's hour in numbered parts instead of one document that
 * grows without bound (MongoDB refuses documents over 16 MB): many events of one client within
 * one hour, in several ingestion batches, end in several parts, none much over its size, and the
 * events list still finds every one of them, once, in order, across pages.
 */
describe('events index: a client’s hour in parts', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let assets: TrackedFixture[];
  // The hour before last, from its start: every fix of the test falls in it.
  const HOUR = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * 3600;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  const fix = (asset: TrackedFixture, s: number, north: number) => ({
    'device.id': asset.vendorId,
    timestamp: HOUR + s,
    'position.latitude': DEPOT.lat + north * M,
    'position.longitude': DEPOT.lng,
    'position.speed': 10,
  });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    assets = [];
    for (let i = 0; i < 5; i++) assets.push(await addAsset(t, tenant.clientId, { name: `Camión ${i}` }));
    await request(t.server)
      .post('/api/geofences')
      .set(auth())
      .send({ name: 'Depósito', geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat] }, radiusM: 200 })
      .expect(201);
  });
  afterAll(() => t.close());

  it('splits a busy hour into parts that readers list whole', async () => {
    // Eight batches, each two visits of the depot by every asset: an enter and an exit per visit.
    for (let batch = 0; batch < 8; batch++) {
      const at = batch * 400;
      await ingest(
        assets.flatMap((asset) => [
          fix(asset, at, 400),
          fix(asset, at + 20, 100),
          fix(asset, at + 40, 400),
          fix(asset, at + 200, 400),
          fix(asset, at + 220, 100),
          fix(asset, at + 240, 400),
        ]),
      );
    }
    const stored = await t.connection.collection('fleet_events').find({ clientId: tenant.clientId }).toArray();
    expect(stored.length).toBeGreaterThanOrEqual(8 * BATCH_EVENTS - 2 * assets.length);

    // Several parts, announced on part 0, each bounded.
    const docs = await t.connection.collection('fleet_event_index').find({ scope: 'client', start: HOUR }).toArray();
    const ofClient = docs.filter((doc) => doc.entries.some((entry: { id: Types.ObjectId }) => stored.some((event) => event._id.equals(entry.id))));
    expect(ofClient.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...ofClient.map((doc) => doc.entries.length))).toBeLessThanOrEqual(PART_BOUND);
    // Part 0 names them all (and the next, once announced, before anything is written to it).
    const parts = ofClient.find((doc) => doc.parts !== undefined)?.parts as number;
    expect([ofClient.length, ofClient.length + 1]).toContain(parts);

    // The list finds every event once, newest first, across pages of 7.
    const listed: EventView[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: EventView[]; page: { nextCursor: string | null } } } = await request(t.server)
        .get('/api/events')
        .query({ limit: 7, from: new Date((HOUR - 60) * 1000).toISOString(), to: new Date((HOUR + 3600) * 1000).toISOString(), ...(cursor ? { cursor } : {}) })
        .set(auth())
        .expect(200);
      listed.push(...page.body.data);
      cursor = page.body.page.nextCursor;
    } while (cursor);
    expect(listed.map((event) => event.id).sort()).toEqual(stored.map((event) => event._id.toHexString()).sort());
    const times = listed.map((event) => new Date(event.occurredAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
