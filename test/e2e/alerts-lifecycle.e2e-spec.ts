import request from 'supertest';
import { Types } from 'mongoose';
import type { AddressInfo } from 'node:net';
import { Jobs } from '@app/jobs';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { SystemNotices } from '../../src/alerts';
import { UnsettledStartsBackfill } from '../../src/alerts/alerts/unsettled-starts.backfill';
import { PerUserEntriesBackfill } from '../../src/alerts/inbox/per-user-entries.backfill';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { openSse, SseClient } from '../support/sse-client';
import { createDepot, depotFix, depotVisit } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-alerts-0123456789';

interface AlertView {
  id: string;
  ruleId: string;
  state: string;
  assetId: string;
  eventType: string;
  eventIds: string[];
  resolvedBy: string | null;
  acknowledgedBy: string | null;
  comments: Array<{ text: string; action: string }>;
}
interface NotificationView {
  id: string;
  kind: string;
  alertId: string;
  assetId: string | null;
  readAt: string | null;
  title: string;
  body: string;
}

/**
 * Alerts opened by fleet events from telemetry sent to the real ingestion route (nothing of the
 * detector or the matcher replaced): matching, schedule, cooldown, minimum duration, repeats,
 * the life cycle, the inbox and its live stream, scope.
 */
describe('alerts from ingested telemetry, and the inbox', () => {
  let t: TestApp;
  let baseUrl: string;
  let tenant: TestTenant;
  let depotId: string;
  const open: SseClient[] = [];
  // Ten minutes ago, so that the minimum duration's decision is already due when the test wants it.
  const T0 = Math.floor(Date.now() / 1000) - 600;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  /** A message of `asset` `north` metres north of the depot's centre (200 m radius) at `T0 + s`. */
  const fix = (asset: TrackedFixture, s: number, north: number) => depotFix(asset, T0 + s, north);
  /** In 10 s, out at 30 s. */
  const visit = (asset: TrackedFixture, at = 0) => depotVisit(asset, T0 + at);
  const rule = async (asset: TrackedFixture, body: object = {}) =>
    (
      await request(t.server)
        .post('/api/alert-rules')
        .set(auth())
        .send({
          name: 'Entrada al depósito',
          eventTypes: ['geofence.enter'],
          allAssets: false,
          assetIds: [asset.assetId],
          geofenceIds: [depotId],
          recipients: { userIds: [tenant.admin.user._id.toHexString()] },
          ...body,
        })
        .expect(201)
    ).body.data.id as string;
  const alerts = async (asset: TrackedFixture, token = tenant.admin.token): Promise<AlertView[]> =>
    (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}`).set(auth(token)).expect(200)).body.data;
  const inbox = async (query = '', token = tenant.admin.token): Promise<NotificationView[]> =>
    (await request(t.server).get(`/api/notifications?limit=200${query}`).set(auth(token)).expect(200)).body.data;
  /** The actions of the activity log on the record `id`, sorted. */
  const activityOf = async (id: string): Promise<string[]> =>
    ((await request(t.server).get('/api/activity-log?limit=50').set(auth()).expect(200)).body.data as Array<{ action: string; resourceId: string }>)
      .filter((e) => e.resourceId === id)
      .map((e) => e.action)
      .sort();
  /** The ids on the asset's register of what its end events may settle. */
  const unsettled = async (asset: TrackedFixture): Promise<string[]> =>
    ((await t.connection.collection('alert_unsettled_starts').findOne({ _id: new Types.ObjectId(asset.assetId) }))?.ids ?? []).map(String);
  const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > until) return value;
      await new Promise((done) => setTimeout(done, 100));
    }
  };

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    process.env.POSITION_STREAM_HEARTBEAT_MS = '200';
    process.env.POSITION_STREAM_POLL_MS = '200';
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    tenant = await createTenant(t.app);
    depotId = await createDepot(t, tenant.admin.token);
  });
  afterEach(() => open.splice(0).forEach((client) => client.close()));
  afterAll(() => t.close());

  it('opens one alert and one inbox entry per recipient before the ingestion is acknowledged; the same batch again changes nothing', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const ruleId = await rule(asset, { severity: 'critical' });
    const batch = visit(asset);
    await ingest(batch);
    const [alert, ...more] = await alerts(asset);
    expect(more).toEqual([]);
    // The exit came in the same batch: resolved by the system, with both events.
    expect(alert).toMatchObject({ ruleId, state: 'resolved', resolvedBy: 'system', eventType: 'geofence.enter', severity: 'critical' });
    expect(alert.eventIds).toHaveLength(2);
    const entries = (await inbox()).filter((n) => n.alertId === alert.id);
    expect(entries).toEqual([expect.objectContaining({ kind: 'alert', readAt: null, severity: 'critical', assetId: asset.assetId, ruleId })]);
    await ingest(batch);
    await ingest([...batch].reverse());
    expect((await alerts(asset)).map((a) => a.id)).toEqual([alert.id]);
    expect((await inbox()).filter((n) => n.alertId === alert.id)).toHaveLength(1);
    expect(await activityOf(alert.id)).toEqual(['alert.open', 'alert.resolve']);
  });

  it('does not alert outside the rule’s weekly window, nor for another geofence, nor when disabled', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const hour = new Date((T0 + 10) * 1000).getUTCHours();
    const pad = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await rule(asset, { schedule: { timeZone: 'UTC', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: pad(hour + 3), to: pad(hour + 4) } });
    await rule(asset, { enabled: false });
    const elsewhere = (
      await request(t.server)
        .post('/api/geofences')
        .set(auth())
        .send({ name: 'Lejos', geometry: { type: 'Point', coordinates: [0, 0] }, radiusM: 100 })
        .expect(201)
    ).body.data.id;
    await rule(asset, { geofenceIds: [elsewhere] });
    await ingest(visit(asset));
    expect(await alerts(asset)).toEqual([]);
    // Inside the window (it spans midnight when it must): alerts.
    const inWindow = await rule(asset, {
      schedule: { timeZone: 'UTC', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: pad(hour), to: pad(hour + 2) },
    });
    await ingest(visit(asset, 100));
    expect(await alerts(asset)).toHaveLength(1);
    // Matching keeps a client's rules for a few seconds; a change through this instance applies to the next batch.
    await request(t.server).patch(`/api/alert-rules/${inWindow}`).set(auth()).send({ enabled: false }).expect(200);
    await ingest(visit(asset, 200));
    expect(await alerts(asset)).toHaveLength(1);
  });

  it('keeps to the cooldown per asset and rule', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const neighbour = await addAsset(t, tenant.clientId);
    const cooling = await rule(asset, { cooldownSeconds: 3600, assetIds: [asset.assetId, neighbour.assetId] });
    const always = await rule(asset);
    await ingest([...visit(asset), ...visit(asset, 100), ...visit(neighbour)]);
    const mine = await alerts(asset);
    expect(mine.filter((a) => a.ruleId === always)).toHaveLength(2);
    expect(mine.filter((a) => a.ruleId === cooling)).toHaveLength(1);
    expect((await alerts(neighbour)).filter((a) => a.ruleId === cooling)).toHaveLength(1);
    await ingest(visit(asset, 200)); // replayed and later ones still cool down
    expect((await alerts(asset)).filter((a) => a.ruleId === cooling)).toHaveLength(1);
  });

  it('with a minimum duration: no alert when the end comes within it, an alert (then resolved by the system) when it does not', async () => {
    const brief = await addAsset(t, tenant.clientId);
    await rule(brief, { minDurationSeconds: 60 });
    await ingest(visit(brief)); // 20 s inside, the end in the same batch (its time to decide long past)
    await t.app.get(Jobs).runDue();
    expect(await alerts(brief)).toEqual([]);

    // The end in a later batch, before the time to decide (10 minutes after a fix of 10 s ago).
    const waiting = await addAsset(t, tenant.clientId);
    await rule(waiting, { minDurationSeconds: 600 });
    await ingest(visit(waiting, 550).slice(0, 3));
    const [opening] = await t.connection
      .collection('alert_openings')
      .find({ assetId: new Types.ObjectId(waiting.assetId) })
      .toArray();
    expect(opening).toMatchObject({ state: 'waiting' });
    expect(await unsettled(waiting)).toEqual([opening._id.toHexString()]);
    await ingest(visit(waiting, 550).slice(3));
    expect(await t.connection.collection('alert_openings').findOne({ _id: opening._id })).toMatchObject({ state: 'cancelled' });
    expect(await unsettled(waiting)).toEqual([]);
    expect(await t.app.get(Jobs).runNow('alerts.open-after-duration', opening._id.toHexString())).toBe(true); // its job, run now: nothing to open
    await t.app.get(Jobs).runDue();
    expect(await alerts(waiting)).toEqual([]);

    const staying = await addAsset(t, tenant.clientId);
    await rule(staying, { minDurationSeconds: 60 });
    await ingest([fix(staying, 0, 400), fix(staying, 10, 150), fix(staying, 20, 100), fix(staying, 50, 100)]);
    // Its time to decide (T0 + 70 s) has passed: the job opens it.
    const [alert] = await eventually(
      async () => (await t.app.get(Jobs).runDue(), alerts(staying)),
      (list) => list.length > 0,
    );
    expect(alert).toMatchObject({ state: 'open', eventType: 'geofence.enter' });
    expect((await inbox()).filter((n) => n.alertId === alert.id)).toHaveLength(1);
    expect(await unsettled(staying)).toEqual([alert.id]);
    await ingest([fix(staying, 100, 300), fix(staying, 110, 400)]);
    expect(await alerts(staying)).toEqual([expect.objectContaining({ id: alert.id, state: 'resolved', resolvedBy: 'system' })]);
    expect(await unsettled(staying)).toEqual([]);

    // The end after the minimum duration in the same batch: it lasted long enough, so it alerts (and is resolved at once).
    const late = await addAsset(t, tenant.clientId);
    await rule(late, { minDurationSeconds: 60 });
    await ingest([fix(late, 0, 400), fix(late, 10, 150), fix(late, 20, 100), fix(late, 90, 100), fix(late, 100, 300), fix(late, 110, 400)]);
    expect(await alerts(late)).toEqual([expect.objectContaining({ state: 'resolved', resolvedBy: 'system' })]);
  });

  it('finds what an end settles on its asset’s register: an alert is on it while unresolved, one a person resolved leaves at the next end, and one of the version before is put on it at boot', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset);
    await ingest(visit(asset).slice(0, 3));
    const [first] = await alerts(asset);
    expect(await unsettled(asset)).toEqual([first.id]);
    await ingest(visit(asset).slice(3));
    expect((await alerts(asset))[0]).toMatchObject({ id: first.id, state: 'resolved', resolvedBy: 'system' });
    expect(await unsettled(asset)).toEqual([]);

    // Resolved by a person: on the register until the asset's next end, which leaves it as it is.
    await ingest(visit(asset, 100).slice(0, 3));
    const second = (await alerts(asset)).find((a) => a.id !== first.id)!;
    await request(t.server).post(`/api/alerts/${second.id}/resolve`).set(auth()).send({}).expect(200);
    expect(await unsettled(asset)).toEqual([second.id]);
    await ingest(visit(asset, 100).slice(3));
    expect(await unsettled(asset)).toEqual([]);
    expect((await request(t.server).get(`/api/alerts/${second.id}`).set(auth()).expect(200)).body.data).toMatchObject({
      resolvedBy: tenant.admin.user._id.toHexString(),
    });

    // Opened by the version before: on no register, so its end would leave it open, until the boot's backfill puts it on one.
    const old = await addAsset(t, tenant.clientId);
    await rule(old);
    await ingest(visit(old).slice(0, 3));
    const [before] = await alerts(old);
    await t.connection.collection('alert_unsettled_starts').deleteOne({ _id: new Types.ObjectId(old.assetId) });
    expect(await t.app.get(UnsettledStartsBackfill).run()).toBe(1);
    expect(await unsettled(old)).toEqual([before.id]);
    // On its register now: a second pass finds nothing missing, and a boot would record the backfill finished.
    expect(await t.app.get(UnsettledStartsBackfill).run()).toBe(0);
    await ingest(visit(old).slice(3));
    expect(await alerts(old)).toEqual([expect.objectContaining({ id: before.id, state: 'resolved', resolvedBy: 'system' })]);
  });

  it('acknowledges and resolves with comments; a transition its state does not allow is a 409; each in the activity log', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset);
    await ingest(visit(asset).slice(0, 3)); // inside, not out yet
    const [alert] = await alerts(asset);
    expect(alert.state).toBe('open');
    const post = (action: string, body: object = {}, token = tenant.admin.token) =>
      request(t.server).post(`/api/alerts/${alert.id}/${action}`).set(auth(token)).send(body);
    const acked = (await post('acknowledge', { comment: 'Llamando al conductor' }).expect(200)).body.data;
    expect(acked).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: tenant.admin.user._id.toHexString(),
      comments: [expect.objectContaining({ text: 'Llamando al conductor', action: 'acknowledge' })],
    });
    expect((await post('acknowledge').expect(409)).body.error).toMatch(/is acknowledged: it cannot be acknowledged/);
    await post('acknowledge', { comment: 5 }).expect(400);
    await post('resolve', { extra: 1 }).expect(400);
    const resolved = (await post('resolve', {}).expect(200)).body.data;
    expect(resolved).toMatchObject({ state: 'resolved', resolvedBy: tenant.admin.user._id.toHexString() });
    await post('resolve').expect(409);
    await post('acknowledge').expect(409);
    // Its end event later: already resolved, it stays as the person left it.
    await ingest(visit(asset).slice(3));
    expect((await request(t.server).get(`/api/alerts/${alert.id}`).set(auth()).expect(200)).body.data).toMatchObject({
      state: 'resolved',
      resolvedBy: tenant.admin.user._id.toHexString(),
    });
    expect(await activityOf(alert.id)).toEqual(['alert.acknowledge', 'alert.open', 'alert.resolve']);
    // Filters.
    expect((await request(t.server).get(`/api/alerts?assetId=${asset.assetId}&state=open`).set(auth()).expect(200)).body.data).toEqual([]);
    expect(
      (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}&state=resolved&severity=warning`).set(auth()).expect(200)).body.data,
    ).toHaveLength(1);
    expect((await request(t.server).get(`/api/alerts?assetId=${asset.assetId}&to=2000-01-01T00:00:00Z`).set(auth()).expect(200)).body.data).toEqual([]);
    await request(t.server).get('/api/alerts?state=closed').set(auth()).expect(400);
  });

  it('keeps alerts to the client and the caller’s trackers: 404 for another client’s or an asset outside them; 401; 403 without access_alerts', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const seen = await addAsset(t, tenant.clientId);
    await rule(asset);
    await ingest(visit(asset).slice(0, 3));
    const [alert] = await alerts(asset);
    const other = await createTenant(t.app);
    await request(t.server).get(`/api/alerts/${alert.id}`).set(auth(other.admin.token)).expect(404);
    await request(t.server).post(`/api/alerts/${alert.id}/acknowledge`).set(auth(other.admin.token)).send({}).expect(404);
    const limited = await tenant.addUser({ trackerIds: [seen.trackerId] });
    await request(t.server).get(`/api/alerts/${alert.id}`).set(auth(limited.token)).expect(404);
    await request(t.server).post(`/api/alerts/${alert.id}/resolve`).set(auth(limited.token)).send({}).expect(404);
    expect(await alerts(asset, limited.token)).toEqual([]);
    await request(t.server).get('/api/alerts').expect(401);
    const viewer = await tenant.addUser({ permissions: [] });
    await request(t.server).get('/api/alerts').set(auth(viewer.token)).expect(403);
    await request(t.server).get(`/api/alerts/${alert.id}`).set(auth(viewer.token)).expect(403);
  });

  it('keeps each user’s inbox: unread filter, read one, read all, another user’s entry a 404, and a live stream', async () => {
    const dispatcher = await tenant.addUser({ permissions: [] }); // the inbox needs no permission
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset, { recipients: { userIds: [dispatcher.user._id.toHexString(), tenant.admin.user._id.toHexString()] } });
    const client = await openSse(baseUrl, '/api/notifications/stream', { Authorization: `Bearer ${dispatcher.token}` });
    open.push(client);
    expect(client.status).toBe(200);
    expect(client.headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    await client.waitFor(() => client.comments.includes('ready'));
    await ingest(visit(asset).slice(0, 3));
    await ingest(visit(asset, 100).slice(0, 3)); // out at 100, in again at 110: a second alert (no cooldown)
    const live = await client.waitFor(() => client.events.find((e) => e.event === 'notification'));
    const view = JSON.parse(live.data) as NotificationView;
    expect(view).toMatchObject({ kind: 'alert', readAt: null });
    expect(live.id).toBe(view.id);

    const mine = await inbox('', dispatcher.token);
    expect(mine.map((n) => n.id)).toContain(view.id);
    expect((await inbox('&unread=true', dispatcher.token)).length).toBe(mine.length);
    const read = (await request(t.server).post(`/api/notifications/${view.id}/read`).set(auth(dispatcher.token)).expect(200)).body.data;
    expect(read.readAt).not.toBeNull();
    expect((await request(t.server).post(`/api/notifications/${view.id}/read`).set(auth(dispatcher.token)).expect(200)).body.data.readAt).toBe(read.readAt);
    expect((await inbox('&unread=true', dispatcher.token)).map((n) => n.id)).not.toContain(view.id);
    expect((await inbox('&unread=false', dispatcher.token)).map((n) => n.id)).toEqual([view.id]);
    // The other recipient's (the admin's) is the same entry, still unread for them.
    expect((await inbox('&unread=true')).find((n) => n.id === view.id)).toMatchObject({ readAt: null });
    // A user it is not for, another client's user.
    const bystander = await tenant.addUser({ permissions: [] });
    await request(t.server).post(`/api/notifications/${view.id}/read`).set(auth(bystander.token)).expect(404);
    expect(await inbox('', bystander.token)).toEqual([]);
    const other = await createTenant(t.app);
    await request(t.server).post(`/api/notifications/${view.id}/read`).set(auth(other.admin.token)).expect(404);
    expect(await inbox('', other.admin.token)).toEqual([]);

    const all = (await request(t.server).post('/api/notifications/read-all').set(auth(dispatcher.token)).expect(200)).body.data;
    expect(all.read).toBe(mine.length - 1);
    expect(await inbox('&unread=true', dispatcher.token)).toEqual([]);
    expect((await request(t.server).post('/api/notifications/read-all').set(auth(dispatcher.token)).expect(200)).body.data.read).toBe(0);
    // Each entry once in the store, whatever its recipients; the admin's read state is their own.
    const stored = await t.connection
      .collection('notifications')
      .find({ assetId: new Types.ObjectId(asset.assetId) })
      .toArray();
    expect(stored).toHaveLength(mine.length);
    expect(stored.map((entry) => entry.recipients.map(String).sort())).toEqual(
      stored.map(() => [dispatcher.user._id.toHexString(), tenant.admin.user._id.toHexString()].sort()),
    );
    expect((await inbox('&unread=true')).filter((n) => n.assetId === asset.assetId)).toHaveLength(mine.length);

    // Written by the versions before, one per user: each an entry of its one recipient once the boot's backfill ran.
    const perUserEntry = (title: string, readAt: Date | null) => ({
      _id: new Types.ObjectId(),
      clientId: tenant.clientId,
      userId: dispatcher.user._id,
      kind: 'system',
      alertId: null,
      ruleId: null,
      title,
      body: 'b',
      severity: 'info',
      assetId: null,
      readAt,
      createdAt: new Date(),
    });
    const before = [perUserEntry('per-user, unread', null), perUserEntry('per-user, read', new Date('2026-11-01T00:00:00Z'))];
    await t.connection.collection('notifications').insertMany(before);
    // Until then they are in no inbox, and reading one is a 404, not a 500.
    await request(t.server).post(`/api/notifications/${before[0]._id.toHexString()}/read`).set(auth(dispatcher.token)).expect(404);
    expect((await inbox('', dispatcher.token)).filter((n) => n.title.startsWith('per-user'))).toEqual([]);
    expect(await t.app.get(PerUserEntriesBackfill).run()).toBe(2);
    expect((await inbox('', dispatcher.token)).filter((n) => n.title.startsWith('per-user')).map((n) => [n.id, n.title, n.readAt])).toEqual([
      [before[1]._id.toHexString(), 'per-user, read', '2026-11-01T00:00:00.000Z'],
      [before[0]._id.toHexString(), 'per-user, unread', null],
    ]);
    expect(await t.app.get(PerUserEntriesBackfill).run()).toBe(0);
    await request(t.server).get('/api/notifications?unread=maybe').set(auth(dispatcher.token)).expect(400);
    await request(t.server).get('/api/notifications').expect(401);
    await request(t.server).get('/api/notifications/stream').expect(401);
  });

  it('brings a recipient on another instance the entries this one wrote, through the shared feed, also as written by the version before', async () => {
    const second = await createTestAppWithEnv({ POSITION_STREAM_POLL_MS: '200' });
    try {
      await second.app.listen(0, '127.0.0.1');
      const secondUrl = `http://127.0.0.1:${(second.app.getHttpServer().address() as AddressInfo).port}`;
      const dispatcher = await tenant.addUser({ permissions: [] });
      const asset = await addAsset(t, tenant.clientId);
      await rule(asset, { recipients: { userIds: [dispatcher.user._id.toHexString(), tenant.admin.user._id.toHexString()] } });
      const client = await openSse(secondUrl, '/api/notifications/stream', { Authorization: `Bearer ${dispatcher.token}` });
      open.push(client);
      await client.waitFor(() => client.comments.includes('ready'));
      await ingest(visit(asset).slice(0, 3)); // on the first instance
      const frame = await client.waitFor(() => client.events.find((e) => e.event === 'notification'));
      const [entry] = (await inbox('', dispatcher.token)).filter((n) => n.assetId === asset.assetId);
      expect(JSON.parse(frame.data)).toEqual(entry);
      // The admin's entry went to the same feed document, and only to the admin's streams.
      expect(client.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      // In it, the alert's view once (without an entry's id), with each recipient's user and entry id.
      const [write] = await t.connection.collection('notification_feed').find({ 'groups.view.alertId': entry.alertId }).toArray();
      const { id, ...shared } = entry;
      const adminEntry = (await inbox('')).find((n) => n.alertId === entry.alertId)!;
      expect(write.entries).toEqual([]);
      expect(JSON.parse(JSON.stringify(write.groups))).toEqual([
        {
          view: shared,
          // Title and body in every language: each instance's streams show each reader theirs.
          texts: {
            es: { title: entry.title, body: entry.body },
            en: { title: expect.stringMatching(/^Warning: Entered Depósito — /), body: expect.stringContaining('. Rule: ') },
          },
          to: expect.arrayContaining([
            { userId: dispatcher.user._id.toHexString(), id },
            { userId: tenant.admin.user._id.toHexString(), id: adminEntry.id },
          ]),
        },
      ]);
      expect(write.groups[0].to).toHaveLength(2);
      // Feed documents of the versions before during a rolling upgrade: a view per recipient in
      // `entries`, and before that one entry per document.
      const earlier = { ...entry, id: new Types.ObjectId().toHexString(), title: 'written by the version before' };
      await t.connection.collection('notification_feed').insertOne({ _id: new Types.ObjectId(), entries: [{ userId: dispatcher.user._id, view: earlier }] });
      const legacy = { ...entry, id: new Types.ObjectId().toHexString(), title: 'written by the version before that' };
      await t.connection
        .collection('notification_feed')
        .insertOne({ _id: new Types.ObjectId(), notificationId: new Types.ObjectId(legacy.id), userId: dispatcher.user._id, view: legacy });
      const fromEarlier = await client.waitFor(() => client.events.find((e) => e.event === 'notification' && e.id === earlier.id));
      expect(JSON.parse(fromEarlier.data)).toEqual(earlier);
      const old = await client.waitFor(() => client.events.find((e) => e.event === 'notification' && e.id === legacy.id));
      expect(JSON.parse(old.data)).toEqual(legacy);
    } finally {
      await second.close();
    }
  });

  it('tells an offline recipient later: the entry waits in the inbox', async () => {
    const nightShift = await tenant.addUser({ permissions: [] });
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset, { recipients: { userIds: [nightShift.user._id.toHexString()] } });
    await ingest(visit(asset));
    const [alert] = await alerts(asset);
    expect((await inbox('&unread=true', nightShift.token)).map((n) => n.alertId)).toEqual([alert.id]);
  });

  it('puts a system notice in the inbox of the client’s admins (protected roles) only, once per key', async () => {
    const clerk = await tenant.addUser({ permissions: [] });
    const notices = t.app.get(SystemNotices);
    const notice = {
      texts: {
        es: { title: 'Webhook desactivado', body: 'https://example.com/hook falló durante 3 días' },
        en: { title: 'Webhook disabled', body: 'https://example.com/hook failed for 3 days' },
      },
      key: 'endpoint-disabled|x',
      at: new Date('2026-11-20T00:00:00Z'),
    };
    expect(await notices.toAdmins(tenant.clientId, notice)).toBe(1);
    await notices.toAdmins(tenant.clientId, notice);
    const entries = (await inbox()).filter((n) => n.kind === 'system');
    expect(entries).toEqual([expect.objectContaining({ kind: 'system', title: 'Webhook desactivado', alertId: null, assetId: null, severity: 'warning' })]);
    expect(await inbox('', clerk.token)).toEqual([]);
  });
});
