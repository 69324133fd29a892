// Deliveries retry on a schedule a thousand-fold shorter (5 s → 0.05 ms, 24 h → 0.86 s; the
// test-only WEBHOOK_RETRY_SCALE) and jobs are looked for every 50 ms, so every attempt of a
// schedule shows within seconds. The app reads them when it is built.
process.env.WEBHOOK_RETRY_SCALE = '0.00001';
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Types } from 'mongoose';
import { Webhook } from 'standardwebhooks';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { Permission } from '@app/auth';
import { DatabaseClock } from '@app/database';
import { Jobs } from '@app/jobs';
import { FleetEvents } from '../../src/events';
import { DomainEvents } from '@app/bus';
import { WEBHOOK_ENDPOINT_DISABLED, WebhookDispatcher, WebhookEndpointDisabled, type EndpointDisabledNotice } from '../../src/webhooks';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/** `/api/webhook-endpoints` and deliveries through HTTP to real receivers; signatures checked with the standardwebhooks package. */
describe('webhooks', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const create = async (path: string, body: object = {}, token?: string) =>
    (
      await api()
        .post('/api/webhook-endpoints')
        .set(auth(token))
        .send({ url: `${receiver.url}${path}`, eventTypes: ['alert.opened'], ...body })
        .expect(201)
    ).body.data;
  const deliveries = async (endpointId: string, token?: string) =>
    (await api().get(`/api/webhook-endpoints/${endpointId}/deliveries`).set(auth(token)).expect(200)).body.data as Array<Record<string, any>>;
  const settled = (endpointId: string, count = 1) =>
    eventually(async () => {
      const log = await deliveries(endpointId);
      return log.length >= count && log.every((d) => d.state !== 'pending') ? log : null;
    }, `the deliveries of ${endpointId} to settle`);
  const verify = (secret: string, message: { headers: Record<string, any>; body: string }) =>
    new Webhook(secret).verify(message.body, {
      'webhook-id': message.headers['webhook-id'],
      'webhook-timestamp': message.headers['webhook-timestamp'],
      'webhook-signature': message.headers['webhook-signature'],
    });

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp();
    tenant = await createTenant(t.app);
    dispatcher = t.app.get(WebhookDispatcher);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('creates an endpoint answering its secret once; reads, changes and deletes it, with activity', async () => {
    const created = await create('/crud', { description: 'ERP', eventTypes: ['alert.opened', 'event.geofence.exit'] });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      url: `${receiver.url}/crud`,
      description: 'ERP',
      eventTypes: ['alert.opened', 'event.geofence.exit'],
      enabled: true,
      disabledAt: null,
      failingSince: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const read = (await api().get(`/api/webhook-endpoints/${created.id}`).set(auth()).expect(200)).body.data;
    expect(read.secret).toBeUndefined();
    const { secret: _secret, ...withoutSecret } = created;
    expect(read).toEqual(withoutSecret);
    const list = (await api().get('/api/webhook-endpoints?limit=200').set(auth()).expect(200)).body;
    expect(list.data.map((e: { id: string }) => e.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    const changed = (
      await api()
        .patch(`/api/webhook-endpoints/${created.id}`)
        .set(auth())
        .send({ enabled: false, eventTypes: ['alert.resolved'] })
        .expect(200)
    ).body.data;
    expect(changed).toMatchObject({ enabled: false, eventTypes: ['alert.resolved'] });
    await api().patch(`/api/webhook-endpoints/${created.id}`).set(auth()).send({}).expect(400);
    expect((await api().delete(`/api/webhook-endpoints/${created.id}`).set(auth()).expect(200)).body.data).toEqual({ id: created.id });
    await api().get(`/api/webhook-endpoints/${created.id}`).set(auth()).expect(404);
    const events = await t.connection.collection('activity_events').find({ clientId: tenant.clientId, resourceType: 'webhook_endpoint' }).toArray();
    expect(events.map((e) => e.action).sort()).toEqual(['webhook_endpoint.create', 'webhook_endpoint.delete', 'webhook_endpoint.update']);
    expect(JSON.stringify(events)).not.toContain('whsec_');
  });

  it('refuses a URL with spaces around it, a backslash or a user-name part (400 naming url), and stores the others normalized', async () => {
    const port = new URL(receiver.url).port;
    const stored = () => t.connection.collection('webhook_endpoints').countDocuments({ clientId: tenant.clientId });
    const endpoint = await create('/typed');
    const before = await stored();
    const refused: Array<[string, string]> = [
      [`  ${receiver.url}/typed`, 'url must not begin or end with spaces'],
      [`${receiver.url}/typed `, 'url must not begin or end with spaces'],
      // WHATWG reads the backslash as a slash (host 127.0.0.1); other parsers see a user name and host 93.184.215.14.
      [`http://127.0.0.1:${port}\\@93.184.215.14/`, 'url must not contain a backslash'],
      [`http://@127.0.0.1:${port}/typed`, 'url may not carry credentials'],
      [`http://hook:@127.0.0.1:${port}/typed`, 'url may not carry credentials'],
    ];
    for (const [url, message] of refused) {
      const created = await api()
        .post('/api/webhook-endpoints')
        .set(auth())
        .send({ url, eventTypes: ['alert.opened'] });
      expect([url, created.status, created.body]).toEqual([url, 400, { error: message }]);
      const changed = await api().patch(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).send({ url });
      expect([url, changed.status, changed.body]).toEqual([url, 400, { error: message }]);
    }
    expect(await stored()).toBe(before);
    expect((await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200)).body.data.url).toBe(`${receiver.url}/typed`);

    const normalized = (
      await api()
        .post('/api/webhook-endpoints')
        .set(auth())
        .send({ url: `HTTP://127.0.0.1:${port}/a/./b/../normalized?x=1`, eventTypes: ['alert.opened'] })
        .expect(201)
    ).body.data;
    expect(normalized.url).toBe(`http://127.0.0.1:${port}/a/normalized?x=1`);
    // An IPv4-mapped address is judged as its IPv4 address (loopback, which the tests allow), stored in its canonical form and called.
    const mapped = (
      await api()
        .patch(`/api/webhook-endpoints/${endpoint.id}`)
        .set(auth())
        .send({ url: `http://[::ffff:127.0.0.1]:${port}/mapped` })
        .expect(200)
    ).body.data;
    expect(mapped.url).toBe(`http://[::ffff:7f00:1]:${port}/mapped`);
    const urls = await t.connection
      .collection('webhook_endpoints')
      .find({ _id: { $in: [new Types.ObjectId(endpoint.id), new Types.ObjectId(normalized.id)] } })
      .toArray();
    expect(urls.map((e) => e.url).sort()).toEqual([`http://127.0.0.1:${port}/a/normalized?x=1`, `http://[::ffff:7f00:1]:${port}/mapped`]);
    const ping = (await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data;
    const [delivered] = await settled(endpoint.id);
    expect(delivered).toMatchObject({ id: ping.id, state: 'succeeded', responseStatus: 200 });
    expect(receiver.on('/mapped').map((m) => m.headers['webhook-id'])).toEqual([ping.messageId]);
    for (const id of [endpoint.id, normalized.id]) await api().delete(`/api/webhook-endpoints/${id}`).set(auth()).expect(200);
  });

  it('delivers a published message signed by the Standard Webhooks scheme, once per key, to the endpoints subscribed to its type', async () => {
    const subscribed = await create('/signed');
    const other = await create('/other', { eventTypes: ['alert.resolved'] });
    const key = `alert:${new Types.ObjectId()}:opened`;
    const data = { alertId: 'a1', ruleName: 'Fuera de horario', severity: 'critical' };
    expect(await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data, key })).toBe(1);
    // A retry of the cause (another instance, a replay): the same delivery, nothing new.
    expect(await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data, key })).toBe(1);
    const [delivery] = await settled(subscribed.id);
    const received = receiver.on('/signed');
    expect(received).toHaveLength(1);
    const payload = verify(subscribed.secret, received[0]) as Record<string, unknown>;
    expect(payload).toEqual({ id: delivery.messageId, type: 'alert.opened', createdAt: expect.any(String), data });
    expect(received[0].headers['webhook-id']).toBe(delivery.messageId);
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(() => verify(other.secret, received[0])).toThrow();
    expect(delivery).toEqual({
      id: expect.any(String),
      messageId: expect.stringMatching(/^msg_/),
      type: 'alert.opened',
      attempt: 1,
      state: 'succeeded',
      responseStatus: 200,
      durationMs: expect.any(Number),
      error: null,
      nextAttemptAt: null,
      createdAt: expect.any(String),
      attempts: [{ attempt: 1, at: expect.any(String), responseStatus: 200, durationMs: expect.any(Number), error: null }],
    });
    expect(receiver.on('/other')).toHaveLength(0);
    expect(await deliveries(other.id)).toEqual([]);
  });

  it('retries a failing receiver with the same webhook-id until it recovers: one message', async () => {
    const endpoint = await create('/flaky');
    receiver.answer = (req, i) => (req.path === '/flaky' && receiver.on('/flaky').length <= 3 ? [500, 503, 429][receiver.on('/flaky').length - 1] : 200) ?? i;
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: { n: 1 }, key: 'flaky-1' });
    const [delivery] = await settled(endpoint.id);
    receiver.answer = () => 200;
    const attempts = receiver.on('/flaky');
    expect(attempts.map((a) => a.headers['webhook-id'])).toEqual(Array(4).fill(delivery.messageId));
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const attempt of attempts) verify(endpoint.secret, attempt);
    expect(delivery).toMatchObject({ state: 'succeeded', attempt: 4, responseStatus: 200, error: null, nextAttemptAt: null });
    // Every attempt is kept, not only the last: the log shows what the success followed.
    expect(delivery.attempts).toEqual([
      { attempt: 1, at: expect.any(String), responseStatus: 500, durationMs: expect.any(Number), error: 'HTTP 500' },
      { attempt: 2, at: expect.any(String), responseStatus: 503, durationMs: expect.any(Number), error: 'HTTP 503' },
      { attempt: 3, at: expect.any(String), responseStatus: 429, durationMs: expect.any(Number), error: 'HTTP 429' },
      { attempt: 4, at: expect.any(String), responseStatus: 200, durationMs: expect.any(Number), error: null },
    ]);
    const times = delivery.attempts.map((a: { at: string }) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(Date.parse(delivery.createdAt));
  });

  it('keeps an attempt that got no answer beside those that did: a refused address, then a success', async () => {
    const endpoint = await create('/refused-then-ok');
    const stored = new Types.ObjectId(endpoint.id);
    await t.connection.collection('webhook_endpoints').updateOne({ _id: stored }, { $set: { url: 'http://169.254.169.254/latest/meta-data/' } });
    const sent = (await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data;
    expect(sent.attempts).toEqual([]);
    await eventually(async () => ((await deliveries(endpoint.id))[0]?.attempt >= 1 ? true : null), 'the first attempt');
    await t.connection.collection('webhook_endpoints').updateOne({ _id: stored }, { $set: { url: `${receiver.url}/refused-then-ok` } });
    const [delivery] = await settled(endpoint.id);
    expect(delivery.state).toBe('succeeded');
    expect(delivery.attempts.length).toBe(delivery.attempt);
    expect(delivery.attempts[0]).toEqual({
      attempt: 1,
      at: expect.any(String),
      responseStatus: null,
      durationMs: expect.any(Number),
      error: 'refused: 169.254.169.254 is a private, loopback, link-local or reserved address',
    });
    expect(delivery.attempts.at(-1)).toEqual({
      attempt: delivery.attempt,
      at: expect.any(String),
      responseStatus: 200,
      durationMs: expect.any(Number),
      error: null,
    });
    await api().delete(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200);
  });

  it("attempts a publish's deliveries side by side in one job; a failed one retries alone, under its webhook-id", async () => {
    const healthy = await create('/set-ok', { eventTypes: ['alert.acknowledged'] });
    const flaky = await create('/set-flaky', { eventTypes: ['alert.acknowledged'] });
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    receiver.answer = async (req) => {
      if (!req.path.startsWith('/set-')) return 200;
      const first = receiver.on(req.path).filter((r) => r.headers['webhook-id'] === req.headers['webhook-id']).length === 1;
      if (first) await held;
      return req.path === '/set-flaky' && first ? 503 : 200;
    };
    const messages = [1, 2, 3].map((n) => ({ type: 'alert.acknowledged', data: { n }, key: `set-${n}` }));
    expect(await dispatcher.publishMany(tenant.clientId, messages)).toBe(6);
    // All six first attempts are at the receivers at once, held there: one job holds them all,
    // leased to this instance from its insert (it ran at once here, without a claim).
    await eventually(() => receiver.received.filter((r) => r.path.startsWith('/set-')).length === 6, 'the six first attempts');
    const jobs = await t.connection.collection('jobs').find({ name: 'webhooks.deliver', 'payload.clientId': tenant.clientId.toHexString() }).toArray();
    // (A job that itself fails, on a database error, is tried again: its deliveries are not left pending.)
    expect(
      jobs.map((job) => [(job.payload as { deliveryIds: string[] }).deliveryIds.length, job.attempts, job.leaseOwner, job.retryDelaysMs.length > 0]),
    ).toEqual([[6, 1, t.app.get(Jobs).owner, true]]);
    release();
    const ok = await settled(healthy.id, 3);
    const retried = await settled(flaky.id, 3);
    expect(ok.map((d) => [d.state, d.attempt])).toEqual(Array(3).fill(['succeeded', 1]));
    expect(retried.map((d) => [d.state, d.attempt, d.responseStatus])).toEqual(Array(3).fill(['succeeded', 2, 200]));
    expect(receiver.on('/set-ok')).toHaveLength(3);
    const flakyIds = receiver.on('/set-flaky').map((r) => r.headers['webhook-id']);
    expect(flakyIds).toHaveLength(6);
    expect(new Set(flakyIds)).toEqual(new Set(retried.map((d) => d.messageId)));
    receiver.answer = () => 200;
  });

  it("runs a set's job again after a crash between an outcome and its hand-over: the attempted one goes to a job of its own, at its next attempt", async () => {
    const endpoint = await create('/handover');
    receiver.answer = () => 200;
    // What a crash leaves after the set's first attempts: one not yet attempted, one attempted
    // (its outcome stored, its next attempt a little later) but never handed to its own job.
    const now = Date.now();
    const delivery = (n: number, attempt: number, nextAttemptAt: Date) => ({
      _id: new Types.ObjectId(),
      clientId: tenant.clientId,
      endpointId: new Types.ObjectId(endpoint.id),
      key: `handover-${n}`,
      messageId: `msg_handover_${n}`,
      type: 'alert.opened',
      body: JSON.stringify({ n }),
      attempt,
      state: 'pending',
      responseStatus: attempt ? 503 : null,
      durationMs: attempt ? 5 : null,
      error: attempt ? 'HTTP 503' : null,
      nextAttemptAt,
      manual: false,
      createdAt: new Date(now),
    });
    const [fresh, attempted] = [delivery(1, 0, new Date(now)), delivery(2, 1, new Date(now + 500))];
    await t.connection.collection('webhook_deliveries').insertMany([fresh, attempted]);
    await t.app
      .get(Jobs)
      .enqueue(
        'webhooks.deliver',
        { clientId: tenant.clientId.toHexString(), deliveryIds: [fresh._id.toHexString(), attempted._id.toHexString()] },
        { key: 'set:handover' },
      );
    const log = await settled(endpoint.id, 2);
    expect(log.map((d) => [d.messageId, d.state, d.attempt]).sort()).toEqual([
      ['msg_handover_1', 'succeeded', 1],
      ['msg_handover_2', 'succeeded', 2],
    ]);
    // Each once, the attempted one not before its next attempt.
    const received = receiver.on('/handover');
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(['msg_handover_1', 'msg_handover_2']);
    // On the clock the app keeps the attempts by, the database's: this process's plus the measured
    // offset, each reading rounded to the millisecond.
    const sentAt = received.find((r) => r.headers['webhook-id'] === 'msg_handover_2')!.at + t.app.get(DatabaseClock).offsetMs;
    expect(sentAt).toBeGreaterThanOrEqual(now + 500 - 1);
  });

  it('stops at a 410, and fails a delivery after the whole schedule (11 retries)', async () => {
    const gone = await create('/gone');
    const down = await create('/down');
    receiver.answer = (req) => (req.path === '/gone' ? 410 : req.path === '/down' ? 500 : 200);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'stop-1' });
    const [stopped] = await settled(gone.id);
    expect(stopped).toMatchObject({ state: 'failed', attempt: 1, responseStatus: 410, error: 'HTTP 410', nextAttemptAt: null });
    const [spent] = await eventually(
      async () => ((await deliveries(down.id))[0]?.state === 'failed' ? deliveries(down.id) : null),
      'the schedule to be spent',
      20_000,
    );
    expect(spent).toMatchObject({ state: 'failed', attempt: 12, responseStatus: 500, nextAttemptAt: null });
    expect(receiver.on('/down')).toHaveLength(12);
    expect(receiver.on('/gone')).toHaveLength(1);
    receiver.answer = () => 200;
  }, 40_000);

  it('shows the next attempt of a pending delivery', async () => {
    const endpoint = await create('/later');
    receiver.answer = (req) => (req.path === '/later' ? 500 : 200);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'later-1' });
    const pending = await eventually(
      async () => (await deliveries(endpoint.id)).find((d) => d.attempt >= 1 && d.state === 'pending' && d.nextAttemptAt),
      'a pending delivery with its next attempt',
    );
    expect(pending).toMatchObject({ responseStatus: 500, error: 'HTTP 500', durationMs: expect.any(Number) });
    expect(Date.parse(pending.nextAttemptAt)).toBeGreaterThan(Date.parse(pending.createdAt));
    await api().delete(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200);
    receiver.answer = () => 200;
  });

  it('signs with the old and the new secret for 24 h after a rotation', async () => {
    const endpoint = await create('/rotated');
    const rotated = (await api().post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`).set(auth()).expect(200)).body.data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'rotated-1' });
    await settled(endpoint.id);
    const [message] = receiver.on('/rotated');
    expect(message.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(verify(rotated.secret, message)).toBeDefined();
    expect(verify(endpoint.secret, message)).toBeDefined();
    // Once the window is over, only the new secret signs.
    // (24 h later, here written directly: the endpoints this instance holds for a few seconds are forgotten as after an API change.)
    await t.connection
      .collection('webhook_endpoints')
      .updateOne({ _id: new Types.ObjectId(endpoint.id) }, { $set: { 'secrets.1.expiresAt': new Date(Date.now() - 1000) } });
    dispatcher.changed(tenant.clientId);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'rotated-2' });
    await settled(endpoint.id, 2);
    const second = receiver.on('/rotated')[1];
    expect(verify(rotated.secret, second)).toBeDefined();
    expect(() => verify(endpoint.secret, second)).toThrow();
  });

  it('sends a test ping, and redelivers a message under the same webhook-id as a new delivery', async () => {
    const endpoint = await create('/ping', { enabled: false });
    const ping = (await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data;
    expect(ping).toMatchObject({ type: 'webhook.test', state: 'pending', attempt: 0 });
    const [done] = await settled(endpoint.id);
    expect(done).toMatchObject({ id: ping.id, state: 'succeeded' });
    expect((verify(endpoint.secret, receiver.on('/ping')[0]) as { type: string }).type).toBe('webhook.test');
    const again = (await api().post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${ping.id}/redeliver`).set(auth()).expect(201)).body.data;
    expect(again).toMatchObject({ messageId: ping.messageId, type: 'webhook.test' });
    expect(again.id).not.toBe(ping.id);
    await settled(endpoint.id, 2);
    const [first, second] = receiver.on('/ping');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    verify(endpoint.secret, second);
    await api().post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${new Types.ObjectId()}/redeliver`).set(auth()).expect(404);
    await api().post(`/api/webhook-endpoints/${endpoint.id}/deliveries/not-an-id/redeliver`).set(auth()).expect(404);
  });

  it('sends fleet events as event.<type> to the endpoints that asked for them, once per event', async () => {
    const endpoint = await create('/events', { eventTypes: ['event.geofence.exit'] });
    const event = {
      clientId: tenant.clientId,
      assetId: new Types.ObjectId(),
      assetName: 'Camión 7',
      occurredAt: new Date(Date.now() - 60_000),
      position: { lat: -33.45, lng: -70.65, speed: 40 },
    };
    const events = t.app.get(FleetEvents);
    await events.record([
      { ...event, type: 'geofence.exit', geofenceId: new Types.ObjectId() },
      { ...event, type: 'ignition.on' },
    ]);
    const [delivery] = await settled(endpoint.id);
    const [message] = receiver.on('/events');
    const payload = verify(endpoint.secret, message) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'event.geofence.exit', data: { type: 'geofence.exit', assetName: 'Camión 7', id: expect.any(String) } });
    expect(delivery.type).toBe('event.geofence.exit');
    expect(await deliveries(endpoint.id)).toHaveLength(1);
  });

  it('does not follow a redirect, and refuses at delivery an address the guard refuses, at every attempt of the schedule', async () => {
    const endpoint = await create('/redirect');
    receiver.answer = (req) => (req.path === '/redirect' ? { status: 302, headers: { location: `${receiver.url}/redirected` } } : 200);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'redirect-1' });
    const delivery = await eventually(async () => (await deliveries(endpoint.id)).find((d) => d.attempt >= 1), 'the first attempt');
    expect(delivery).toMatchObject({ responseStatus: 302, error: 'HTTP 302' });
    expect(receiver.on('/redirected')).toHaveLength(0);
    await api().delete(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200);
    receiver.answer = () => 200;

    // An endpoint whose address became one the guard refuses (written before a rule, a DNS change):
    // refused when sent, and at each retry of the schedule (the address may change back), then failed.
    const metadata = await create('/meta');
    await t.connection
      .collection('webhook_endpoints')
      .updateOne({ _id: new Types.ObjectId(metadata.id) }, { $set: { url: 'http://169.254.169.254/latest/meta-data/' } });
    const sent = (await api().post(`/api/webhook-endpoints/${metadata.id}/test`).set(auth()).expect(201)).body.data;
    const [refused] = await eventually(
      async () => ((await deliveries(metadata.id))[0]?.state === 'failed' ? deliveries(metadata.id) : null),
      'the schedule to be spent',
      20_000,
    );
    expect(refused).toMatchObject({
      id: sent.id,
      state: 'failed',
      attempt: 12,
      responseStatus: null,
      error: expect.stringContaining('refused: 169.254.169.254 is a private, loopback, link-local or reserved address'),
    });
  }, 40_000);

  it('tries again a delivery whose host name did not resolve, and delivers it once the name resolves', async () => {
    const endpoint = await create('/resolves-later');
    // A name under .invalid never resolves (RFC 6761): the first attempt finds no address.
    await t.connection
      .collection('webhook_endpoints')
      .updateOne({ _id: new Types.ObjectId(endpoint.id) }, { $set: { url: 'http://hooks.fleet.invalid/resolves-later' } });
    const sent = (await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data;
    const [unresolved] = await eventually(
      async () => ((await deliveries(endpoint.id))[0]?.attempt >= 2 ? deliveries(endpoint.id) : null),
      'a second attempt',
      20_000,
    );
    expect(unresolved).toMatchObject({ id: sent.id, responseStatus: null, error: expect.stringMatching(/^hooks\.fleet\.invalid does not resolve/) });
    // The name "resolves" again (here: the endpoint points at the receiver): a later attempt delivers it, under its webhook-id.
    await t.connection.collection('webhook_endpoints').updateOne({ _id: new Types.ObjectId(endpoint.id) }, { $set: { url: `${receiver.url}/resolves-later` } });
    const [delivered] = await eventually(
      async () => ((await deliveries(endpoint.id))[0]?.state === 'succeeded' ? deliveries(endpoint.id) : null),
      'the delivery',
      20_000,
    );
    expect(delivered).toMatchObject({ id: sent.id, state: 'succeeded', responseStatus: 200 });
    expect(receiver.on('/resolves-later').map((m) => m.headers['webhook-id'])).toEqual([sent.messageId]);
  }, 40_000);

  it('disables an endpoint that failed every delivery for 3 days, and tells the subscribers once', async () => {
    const notices: EndpointDisabledNotice[] = [];
    const stop = t.app.get(DomainEvents).on(WEBHOOK_ENDPOINT_DISABLED, (notice) => void notices.push(notice));
    const endpoint = await create('/dead');
    receiver.answer = (req) => (req.path === '/dead' ? 503 : 200);
    await t.connection
      .collection('webhook_endpoints')
      .updateOne({ _id: new Types.ObjectId(endpoint.id) }, { $set: { failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) } });
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'dead-1' });
    const disabled = await eventually(async () => {
      const read = (await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200)).body.data;
      return read.enabled ? null : read;
    }, 'the endpoint to be disabled');
    expect(disabled).toMatchObject({ enabled: false, disabledAt: expect.any(String), disabledReason: expect.stringContaining('3 days') });
    const [delivery] = await settled(endpoint.id);
    expect(delivery).toMatchObject({ state: 'failed', error: 'the endpoint is disabled' });
    expect(notices).toEqual([expect.objectContaining({ endpointId: new Types.ObjectId(endpoint.id), clientId: tenant.clientId, url: `${receiver.url}/dead` })]);
    // A disabled endpoint gets nothing new; enabled again by a person, its failure count starts over.
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'dead-2' });
    expect((await deliveries(endpoint.id)).length).toBe(1);
    const enabled = (await api().patch(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).send({ enabled: true }).expect(200)).body.data;
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
    stop();
    receiver.answer = () => 200;
  });

  it('tells a disabling whose writer died before telling it, from the job stored before the write; a disabling that did not take tells nothing', async () => {
    const notices: EndpointDisabledNotice[] = [];
    const stop = t.app.get(DomainEvents).on(WEBHOOK_ENDPOINT_DISABLED, (notice) => void notices.push(notice));
    const [dead, alive] = [await create('/died-writing'), await create('/never-disabled')];
    const noticeJob = (endpointId: string) => ({ name: 'webhooks.endpoint-disabled', 'payload.endpointId': endpointId });
    // The writer's steps up to its death: the notice's job, then the disabling write; never the "tell now".
    const at = new Date();
    await t.app.get(WebhookEndpointDisabled).expect(tenant.clientId, new Types.ObjectId(dead.id), at);
    await t.connection
      .collection('webhook_endpoints')
      .updateOne(
        { _id: new Types.ObjectId(dead.id) },
        { $set: { enabled: false, disabledAt: at, disabledReason: 'Every delivery failed since then (3 days)' } },
      );
    // Another writer whose disabling did not take (a success meanwhile): its job only.
    await t.app.get(WebhookEndpointDisabled).expect(tenant.clientId, new Types.ObjectId(alive.id), at);
    await new Promise((done) => setTimeout(done, 300));
    expect(notices).toEqual([]);
    // The minute of grace passes (here: the jobs made due).
    await t.connection.collection('jobs').updateMany({ $or: [noticeJob(dead.id), noticeJob(alive.id)] }, { $set: { runAt: new Date() } });
    await eventually(
      async () => (await t.connection.collection('jobs').countDocuments({ $or: [noticeJob(dead.id), noticeJob(alive.id)] })) === 0,
      'both jobs to run',
    );
    expect(notices).toEqual([
      expect.objectContaining({
        endpointId: new Types.ObjectId(dead.id),
        url: `${receiver.url}/died-writing`,
        disabledAt: at,
        reason: 'Every delivery failed since then (3 days)',
      }),
    ]);
    stop();
  });

  it('does not disable an endpoint on a copy a few seconds old when a delivery succeeded meanwhile', async () => {
    const endpoint = await create('/recovered');
    const id = new Types.ObjectId(endpoint.id);
    await t.connection.collection('webhook_endpoints').updateOne({ _id: id }, { $set: { failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) } });
    // This instance reads the client's endpoints (a type nobody here subscribed to: nothing sent) and keeps them a few seconds…
    dispatcher.changed(tenant.clientId);
    expect(await dispatcher.publish(tenant.clientId, { type: 'nobody.subscribed', data: {}, key: 'recovered-0' })).toBe(0);
    // …while a delivery on another instance succeeds, which clears the failures.
    await t.connection.collection('webhook_endpoints').updateOne({ _id: id }, { $set: { failingSince: null } });
    receiver.answer = (req) => (req.path === '/recovered' ? 503 : 200);
    await dispatcher.publish(tenant.clientId, { type: 'alert.opened', data: {}, key: 'recovered-1' });
    await eventually(() => receiver.on('/recovered').length >= 1, 'the failed attempt');
    await eventually(async () => (await deliveries(endpoint.id))[0]?.attempt >= 1, 'its outcome');
    const read = (await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200)).body.data;
    expect(read).toMatchObject({ enabled: true, disabledAt: null });
    await api().delete(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200);
    receiver.answer = () => 200;
  });

  it('keeps endpoints to their client and to access_alerts: 401, 403, 404', async () => {
    const endpoint = await create('/mine');
    const other = await createTenant(t.app);
    const viewer = await tenant.addUser({ permissions: [Permission.Geofences] });
    await api().get('/api/webhook-endpoints').expect(401);
    await api().get('/api/webhook-endpoints').set(auth(viewer.token)).expect(403);
    await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth(viewer.token)).expect(403);
    for (const [method, path] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/rotate-secret'],
      ['post', '/test'],
      ['get', '/deliveries'],
    ] as const) {
      const call = api()[method](`/api/webhook-endpoints/${endpoint.id}${path}`).set(auth(other.admin.token));
      await (method === 'patch' ? call.send({ description: 'x' }) : call).expect(404);
    }
    const [delivery] = [(await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data];
    await api().post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/redeliver`).set(auth(other.admin.token)).expect(404);
    expect((await api().get('/api/webhook-endpoints?limit=200').set(auth(other.admin.token)).expect(200)).body.data).toEqual([]);
    // Another client's publish reaches none of this client's endpoints.
    expect(await dispatcher.publish(other.clientId, { type: 'alert.opened', data: {}, key: 'other-1' })).toBe(0);
  });

  it('lets a user who sees only some trackers read, ping and redeliver, but not point an endpoint elsewhere or take its secret: 403, nothing changed', async () => {
    const endpoint = await create('/everyone');
    const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    const refused = async (call: request.Test) => expect((await call.expect(403)).body.error).toContain("needs access to all of the client's trackers");
    await refused(
      api()
        .post('/api/webhook-endpoints')
        .set(auth(limited.token))
        .send({ url: `${receiver.url}/mine-now`, eventTypes: ['alert.opened'] }),
    );
    await refused(
      api()
        .patch(`/api/webhook-endpoints/${endpoint.id}`)
        .set(auth(limited.token))
        .send({ url: `${receiver.url}/mine-now` }),
    );
    await refused(api().post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`).set(auth(limited.token)));
    await refused(api().delete(`/api/webhook-endpoints/${endpoint.id}`).set(auth(limited.token)));
    expect((await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth(limited.token)).expect(200)).body.data).toEqual(
      (await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200)).body.data,
    );
    expect((await api().get(`/api/webhook-endpoints/${endpoint.id}`).set(auth()).expect(200)).body.data.url).toBe(`${receiver.url}/everyone`);
    expect(
      (await api().get('/api/webhook-endpoints?limit=200').set(auth()).expect(200)).body.data.some((e: { url: string }) => e.url.endsWith('/mine-now')),
    ).toBe(false);
    const ping = (await api().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth(limited.token)).expect(201)).body.data;
    await api().post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${ping.id}/redeliver`).set(auth(limited.token)).expect(201);
    const [received] = await eventually(async () => (receiver.on('/everyone').length >= 2 ? receiver.on('/everyone') : null), 'the ping and its redelivery');
    expect(() => verify(endpoint.secret, received)).not.toThrow();
  });

  it.each([
    ['no url', { url: undefined }, 'url'],
    ['an unknown event type', { eventTypes: ['alert.snoozed'] }, 'eventTypes'],
    ['an unknown fleet event type', { eventTypes: ['event.teleport'] }, 'eventTypes'],
    ['no event types', { eventTypes: [] }, 'eventTypes'],
    ['a repeated event type', { eventTypes: ['alert.opened', 'alert.opened'] }, 'eventTypes'],
    ['an unknown field', { secret: 'whsec_mine' }, 'secret'],
    ['a relative url', { url: '/hooks' }, 'url must be an absolute http(s) URL'],
    ['another scheme', { url: 'ftp://example.com/x' }, 'url must be an http(s) URL'],
    ['credentials in the url', { url: 'https://u:p@example.com/x' }, 'credentials'],
    ['enabled as text', { enabled: 'yes' }, 'enabled'],
  ])('refuses %s with a 400', async (_name, body, message) => {
    const res = await api()
      .post('/api/webhook-endpoints')
      .set(auth())
      .send({ url: `${receiver.url}/bad`, eventTypes: ['alert.opened'], ...body })
      .expect(400);
    expect(res.body.error).toContain(message);
  });

  describe('network guard, with allowed networks that do not include loopback', () => {
    let guarded: TestApp;
    let guardedTenant: TestTenant;
    beforeAll(async () => {
      guarded = await createTestAppWithEnv({ WEBHOOK_ALLOWED_NETWORKS: '10.99.0.0/16' });
      guardedTenant = await createTenant(t.app);
    });
    afterAll(() => guarded.close());
    const port = () => new URL(receiver.url).port;
    /** An endpoint to `url` stored directly, as if before the guard's rules, sent its test ping: the ping's delivery once attempted. */
    const pingStoredEndpoint = async (url: string) => {
      const { insertedId } = await guarded.connection.collection('webhook_endpoints').insertOne({
        clientId: guardedTenant.clientId,
        url,
        description: '',
        eventTypes: ['alert.opened'],
        enabled: true,
        secrets: [{ secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`, expiresAt: null }],
        failingSince: null,
        disabledAt: null,
        disabledReason: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await request(guarded.server).post(`/api/webhook-endpoints/${insertedId}/test`).set(auth(guardedTenant.admin.token)).expect(201);
      const [delivery] = await eventually(async () => {
        const log = (await request(guarded.server).get(`/api/webhook-endpoints/${insertedId}/deliveries`).set(auth(guardedTenant.admin.token)).expect(200)).body
          .data;
        return log[0]?.attempt >= 1 ? log : null;
      }, 'the refused delivery');
      return delivery;
    };

    it.each([
      'http://127.0.0.1:{port}/x',
      'http://localhost:{port}/x',
      'http://[::1]:{port}/x',
      'http://[::ffff:127.0.0.1]:{port}/x',
      'http://[::ffff:7f00:1]:{port}/x',
      'http://[::127.0.0.1]:{port}/x',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://2130706433:{port}/x',
      'http://0x7f000001:{port}/x',
      'http://0177.0.0.1:{port}/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
    ])('refuses %s at creation with a 400', async (url) => {
      const res = await request(guarded.server)
        .post('/api/webhook-endpoints')
        .set(auth(guardedTenant.admin.token))
        .send({ url: url.replace('{port}', port()), eventTypes: ['alert.opened'] })
        .expect(400);
      expect(res.body.error).toMatch(/url: .*(private, loopback, link-local or reserved|resolves to)/);
    });

    it.each(['http://[::ffff:10.99.1.2]/hook', 'http://[::10.99.1.2]/hook', 'http://[::ffff:93.184.215.14]/hook'])(
      'judges %s as the IPv4 address it carries: inside the allowed networks, or public, it is accepted',
      async (url) => {
        await request(guarded.server)
          .post('/api/webhook-endpoints')
          .set(auth(guardedTenant.admin.token))
          .send({ url, eventTypes: ['alert.opened'] })
          .expect(201);
      },
    );

    it('refuses at delivery an IPv4-mapped loopback address stored before the rule, naming its IPv4 address', async () => {
      const delivery = await pingStoredEndpoint(`http://[::ffff:7f00:1]:${port()}/sneaky-mapped`);
      expect(delivery.error).toBe('refused: ::ffff:7f00:1 (127.0.0.1) is a private, loopback, link-local or reserved address');
      expect(receiver.on('/sneaky-mapped')).toHaveLength(0);
    });

    it('lets an address inside the allowed networks through, and refuses at delivery a name that resolves to loopback', async () => {
      await request(guarded.server)
        .post('/api/webhook-endpoints')
        .set(auth(guardedTenant.admin.token))
        .send({ url: 'http://10.99.1.2/hook', eventTypes: ['alert.opened'] })
        .expect(201);
      // Stored before the guard's rules changed (here: written directly), then tested: refused after resolution, never sent.
      const delivery = await pingStoredEndpoint(`http://localhost:${port()}/sneaky`);
      expect(delivery.error).toMatch(/^refused: localhost resolves to /);
      expect(receiver.on('/sneaky')).toHaveLength(0);
    });
  });
});
