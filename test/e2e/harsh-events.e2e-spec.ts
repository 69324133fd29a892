import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-harsh-0123456789';
const M = 1 / 111_195; // a metre of latitude, in degrees
const ORIGIN = { lat: -33.45, lng: -70.65 };
// Ten minutes ago: recent, as a live fleet's fixes are.
const T0 = Math.floor(Date.now() / 1000) - 600;

interface EventView {
  id: string;
  type: string;
  occurredAt: string;
  details: Record<string, unknown>;
  position: { lat: number; lng: number; speed: number | null } | null;
}

type Step = [s: number, speed: number, extra?: object];

/**
 * Harsh driving events from scripted tracks sent to the ingestion route (nothing of the detector
 * replaced): each kind at its first fix with its peak, none from a gentle, a sparse or a glitching
 * track, the device's own flags without a second event, a late message, alert rules, the list's
 * type filter.
 */
describe('harsh driving events', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  /** Messages of `asset` driving north at the speeds given, a second or more apart (its position follows them). */
  const drive = (asset: TrackedFixture, steps: Step[]) => {
    let north = 0;
    let last: Step | null = null;
    return steps.map((step) => {
      const [s, speed, extra] = step;
      if (last) north += ((last[1] + speed) / 2 / 3.6) * (s - last[0]);
      last = step;
      const message = { 'device.id': asset.vendorId, timestamp: T0 + s, 'position.latitude': ORIGIN.lat + north * M, 'position.longitude': ORIGIN.lng };
      return { ...message, 'position.speed': speed, 'position.direction': 0, ...extra };
    });
  };
  const window = `from=${new Date((T0 - 3600) * 1000).toISOString()}&to=${new Date((T0 + 3600) * 1000).toISOString()}`;
  const events = async (asset: TrackedFixture, type?: string): Promise<EventView[]> =>
    (
      await request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&${window}&limit=200${type ? `&type=${type}` : ''}`)
        .set(auth())
        .expect(200)
    ).body.data;
  /** `type@second` of the asset's harsh events, in time order. */
  const harsh = async (asset: TrackedFixture) =>
    (await events(asset, 'harsh.acceleration,harsh.braking,harsh.cornering'))
      .map((e) => ({ type: e.type, at: Date.parse(e.occurredAt) / 1000 - T0 }))
      .sort((a, b) => a.at - b.at || a.type.localeCompare(b.type))
      .map((e) => `${e.type}@${e.at}`);

  /** Whether the asset's score counts exactly its harsh events (the months follow stored, re-dated and removed ones). */
  const scoredAsListed = async (asset: TrackedFixture) => {
    const [row] = (await request(t.server).get(`/api/driving-scores?${window}&assetIds=${asset.assetId}`).set(auth()).expect(200)).body.data;
    const listed = await events(asset, 'harsh.acceleration,harsh.braking,harsh.cornering');
    expect([...row.eventIds].sort()).toEqual(listed.map((e) => e.id).sort());
  };

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('finds a harsh braking at the first fix of its episode, once, with its peak', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest(
      drive(asset, [
        [0, 60],
        [1, 60],
        [2, 40],
        [3, 25],
        [4, 25],
        [5, 25],
      ]),
    );
    const [braking, ...more] = await events(asset, 'harsh.braking');
    expect(more).toEqual([]);
    expect(braking).toMatchObject({ type: 'harsh.braking', occurredAt: new Date((T0 + 1) * 1000).toISOString(), details: { peak: 20, thresholdValue: 14 } });
    expect(braking.position).toMatchObject({ speed: 60 });
    expect(await harsh(asset)).toEqual(['harsh.braking@1']);
  });

  it('finds a harsh acceleration and a harsh cornering (speed × turn rate, through north)', async () => {
    const asset = await addAsset(t, tenant.clientId);
    // 36 km/h turning 30° in a second is 0.53 g; from 350° to 20° is 30°, not 330°.
    await ingest(
      drive(asset, [
        [0, 20],
        [1, 35],
        [2, 36],
        [3, 36, { 'position.direction': 350 }],
        [4, 36, { 'position.direction': 20 }],
        [5, 36, { 'position.direction': 20 }],
      ]),
    );
    expect(await harsh(asset)).toEqual(['harsh.acceleration@0', 'harsh.cornering@3']);
    const [corner] = await events(asset, 'harsh.cornering');
    expect(corner.details).toEqual({ peak: 0.53, thresholdValue: 0.4 });
  });

  it('finds nothing in a gentle track, a sparse one or one whose position glitches', async () => {
    const gentle = await addAsset(t, tenant.clientId);
    await ingest(
      drive(gentle, [
        [0, 20],
        [1, 31],
        [2, 40],
        [3, 40, { 'position.direction': 10 }],
        [4, 27],
        [5, 27],
      ]),
    );
    const sparse = await addAsset(t, tenant.clientId);
    await ingest(
      drive(sparse, [
        [0, 0],
        [10, 90],
        [20, 0],
        [30, 90],
        [40, 90],
      ]),
    );
    const glitch = await addAsset(t, tenant.clientId);
    const messages = drive(glitch, [
      [0, 60],
      [1, 60],
      [2, 60],
      [3, 60],
    ]);
    messages[1] = { ...messages[1], 'position.latitude': ORIGIN.lat + 0.5, 'position.speed': 0 }; // 55 km away for a second
    await ingest(messages);
    expect([await harsh(gentle), await harsh(sparse), await harsh(glitch)]).toEqual([[], [], []]);
  });

  it('takes the device’s own flag at its fix, and does not count the episode again from the fixes', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await ingest(
      drive(asset, [
        [0, 60],
        [1, 40, { 'harsh.braking': true }],
        [2, 25],
        [3, 25],
        [4, 25, { 'harsh.cornering': 0.61 }],
        [5, 25],
      ]),
    );
    const found = await events(asset);
    expect(found.map((e) => [e.type, Date.parse(e.occurredAt) / 1000 - T0, e.details]).sort()).toEqual([
      ['harsh.braking', 1, { peak: null, thresholdValue: null, source: 'device' }],
      ['harsh.cornering', 4, { peak: 0.61, thresholdValue: null, source: 'device' }],
    ]);
  });

  it('corrects the past when a late message arrives, the device’s flags read again from the store', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const messages = drive(asset, [
      [0, 60],
      [1, 60],
      [2, 58],
      [3, 30],
      [4, 30],
      [5, 30, { 'harsh.acceleration': 1 }],
      [6, 30],
      [7, 30],
    ]);
    // Without the fix at 2, 60 → 30 km/h in 2 s from 1 is a braking of 15 km/h a second; the late fix shows it began at 2, at 28.
    await ingest(messages.filter((_, i) => i !== 2));
    expect(await harsh(asset)).toEqual(['harsh.braking@1', 'harsh.acceleration@5']);
    await scoredAsListed(asset);
    await t.app.get(TelemetryCompaction).compact(); // the replay reads the stretch back from the hour buckets
    await ingest([messages[2]]);
    expect(await harsh(asset)).toEqual(['harsh.braking@2', 'harsh.acceleration@5']);
    await scoredAsListed(asset);
    const [braking] = await events(asset, 'harsh.braking');
    expect(braking.details).toEqual({ peak: 28, thresholdValue: 14 });
    // Re-dated, it counts at its new time: in a score from the second it moved to.
    const from = new Date((T0 + 2) * 1000).toISOString();
    const [row] = (
      await request(t.server)
        .get(`/api/driving-scores?from=${from}&to=${new Date((T0 + 60) * 1000).toISOString()}&assetIds=${asset.assetId}`)
        .set(auth())
        .expect(200)
    ).body.data;
    expect(row.eventIds).toContain(braking.id);
    await ingest(messages); // sent again: nothing new
    expect(await harsh(asset)).toEqual(['harsh.braking@2', 'harsh.acceleration@5']);
  });

  it('opens an alert from a rule on harsh braking, told in the inbox', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const rule = await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({
        name: 'Frenadas bruscas',
        eventTypes: ['harsh.braking'],
        allAssets: false,
        assetIds: [asset.assetId],
        recipients: { userIds: [tenant.admin.user._id.toHexString()] },
      })
      .expect(201);
    await ingest(
      drive(asset, [
        [0, 80],
        [1, 80],
        [2, 60],
        [3, 60],
        [4, 90],
        [5, 90],
      ]),
    );
    const alerts = (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}`).set(auth()).expect(200)).body.data;
    expect(alerts).toEqual([expect.objectContaining({ ruleId: rule.body.data.id, eventType: 'harsh.braking', state: 'open' })]);
    const inbox = (await request(t.server).get('/api/notifications?limit=200').set(auth()).expect(200)).body.data as Array<{
      alertId: string;
      body: string;
      title: string;
    }>;
    const entry = inbox.find((n) => n.alertId === alerts[0].id);
    expect(`${entry?.title} ${entry?.body}`).toMatch(/Frenada brusca|Harsh braking/);
  });

  it('rejects an unknown harsh type in the list’s filter and in an alert rule (400)', async () => {
    const listed = await request(t.server).get('/api/events?type=harsh.swerving').set(auth()).expect(400);
    expect(JSON.stringify(listed.body)).toContain('harsh.braking');
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({ name: 'x', eventTypes: ['harsh.swerving'] })
      .expect(400);
  });
});
