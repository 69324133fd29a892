// Deliveries retry on a schedule a thousand-fold shorter and jobs are looked for every 50 ms, so
// the test pings here settle within seconds (webhooks.e2e-spec.ts). The app reads them when built.
process.env.WEBHOOK_RETRY_SCALE = '0.00001';
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, revokeCredentials, TestTenant, TestUser } from '../factories/tenant.factory';
import { openSse } from '../support/sse-client';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { createDepot, depotFix } from './depot-fixtures';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-alerts-access-0123456789';
const INVALID = { error: 'Invalid or expired token' };
const FORBIDDEN = { error: 'You do not have permission to perform this action' };
const METADATA_URL = 'http://169.254.169.254/latest/meta-data/';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Route = [method: Method, path: string, body?: object];
const show = (res: request.Response) => `${res.status} ${JSON.stringify(res.body)}`;

/**
 * Who may call the alert rules, alerts, inbox and webhook endpoints, and what a refusal leaves:
 * 401 for every dead credential, 403 without access_alerts, 404 outside the caller's trackers,
 * 400 on bad query input and control characters, 409 at the limits — and nothing written after.
 */
describe('alerts, inbox and webhook endpoints: access and refusals', () => {
  let t: TestApp;
  let baseUrl: string;
  let tenant: TestTenant;
  let other: TestTenant;
  let viewer: TestUser; // no permission at all: the inbox only
  let receiver: WebhookReceiver;
  let depotId: string;
  const fx = { ruleId: '', alertId: '', notificationId: '', endpointId: '', deliveryId: '' };
  const T0 = Math.floor(Date.now() / 1000) - 600;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const call = ([method, path, body]: Route, headers: Record<string, string> = {}) => {
    const req = api()[method](path).set(headers).timeout(5000);
    return body === undefined ? req : req.send(body);
  };
  const ruleBody = (extra: object = {}) => ({
    name: 'Entrada al depósito',
    eventTypes: ['geofence.enter'],
    recipients: { userIds: [tenant.admin.user._id.toHexString()] },
    ...extra,
  });
  const fix = (asset: TrackedFixture, s: number, north: number) => depotFix(asset, T0 + s, north);
  /** A new asset of the tenant, a rule on it and the asset inside the depot: one open alert. */
  const openAlert = async (userIds = [tenant.admin.user._id.toHexString()]) => {
    const asset = await addAsset(t, tenant.clientId);
    const ruleId = (
      await api()
        .post('/api/alert-rules')
        .set(auth())
        .send(ruleBody({ allAssets: false, assetIds: [asset.assetId], geofenceIds: [depotId], recipients: { userIds } }))
        .expect(201)
    ).body.data.id as string;
    await api()
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send([fix(asset, 0, 400), fix(asset, 10, 150), fix(asset, 20, 100)])
      .expect(200);
    const [alert] = (await api().get(`/api/alerts?assetId=${asset.assetId}`).set(auth()).expect(200)).body.data;
    expect(alert).toMatchObject({ state: 'open', ruleId });
    return { asset, ruleId, alertId: alert.id as string };
  };
  const rawAlert = (id: string) => t.connection.collection('alerts').findOne({ _id: new Types.ObjectId(id) });
  const rawEndpoint = (id: string) => t.connection.collection('webhook_endpoints').findOne({ _id: new Types.ObjectId(id) });
  const count = (collection: string, clientId = tenant.clientId) => t.connection.collection(collection).countDocuments({ clientId });
  const ping = async (endpointId: string, token = tenant.admin.token) =>
    (await api().post(`/api/webhook-endpoints/${endpointId}/test`).set(auth(token)).expect(201)).body.data.id as string;
  const settled = (endpointId: string, token = tenant.admin.token) =>
    eventually(async () => {
      const log = (await api().get(`/api/webhook-endpoints/${endpointId}/deliveries`).set(auth(token)).expect(200)).body.data as Array<{ state: string }>;
      return log.length > 0 && log.every((d) => d.state !== 'pending');
    }, `the deliveries of ${endpointId} to settle`);
  const createEndpoint = async (token = tenant.admin.token, path = '/hook') =>
    (
      await api()
        .post('/api/webhook-endpoints')
        .set(auth(token))
        .send({ url: `${receiver.url}${path}`, eventTypes: ['alert.opened'], description: 'ERP' })
        .expect(201)
    ).body.data.id as string;

  /** Every operation of the four resources, with a body where one is due. */
  const guardedRoutes = (): Route[] => [
    ['get', '/api/alert-rules'],
    ['post', '/api/alert-rules', ruleBody()],
    ['get', `/api/alert-rules/${fx.ruleId}`],
    ['patch', `/api/alert-rules/${fx.ruleId}`, { name: 'Cambiada' }],
    ['delete', `/api/alert-rules/${fx.ruleId}`],
    ['get', '/api/alerts'],
    ['get', `/api/alerts/${fx.alertId}`],
    ['post', `/api/alerts/${fx.alertId}/acknowledge`, { comment: 'Visto' }],
    ['post', `/api/alerts/${fx.alertId}/resolve`, {}],
    ['get', '/api/webhook-endpoints'],
    ['post', '/api/webhook-endpoints', { url: `${receiver.url}/new`, eventTypes: ['alert.opened'] }],
    ['get', `/api/webhook-endpoints/${fx.endpointId}`],
    ['patch', `/api/webhook-endpoints/${fx.endpointId}`, { description: 'Cambiada' }],
    ['delete', `/api/webhook-endpoints/${fx.endpointId}`],
    ['post', `/api/webhook-endpoints/${fx.endpointId}/rotate-secret`],
    ['post', `/api/webhook-endpoints/${fx.endpointId}/test`],
    ['get', `/api/webhook-endpoints/${fx.endpointId}/deliveries`],
    ['post', `/api/webhook-endpoints/${fx.endpointId}/deliveries/${fx.deliveryId}/redeliver`],
  ];
  const inboxRoutes = (): Route[] => [
    ['get', '/api/notifications'],
    ['post', `/api/notifications/${fx.notificationId}/read`],
    ['post', '/api/notifications/read-all'],
    ['get', '/api/notifications/stream'],
  ];
  /** What a refused call must leave as it was: the records as the admin reads them, the secrets, the counts. */
  const snapshot = async () => ({
    rule: (await api().get(`/api/alert-rules/${fx.ruleId}`).set(auth()).expect(200)).body.data,
    alert: (await api().get(`/api/alerts/${fx.alertId}`).set(auth()).expect(200)).body.data,
    endpoint: (await api().get(`/api/webhook-endpoints/${fx.endpointId}`).set(auth()).expect(200)).body.data,
    secrets: (await rawEndpoint(fx.endpointId))?.secrets,
    counts: [await count('alert_rules'), await count('alerts'), await count('webhook_endpoints'), await count('webhook_deliveries')],
  });

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    receiver = await new WebhookReceiver().start();
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    depotId = await createDepot(t, tenant.admin.token);
    const opened = await openAlert([tenant.admin.user._id.toHexString(), viewer.user._id.toHexString()]);
    Object.assign(fx, { ruleId: opened.ruleId, alertId: opened.alertId });
    fx.notificationId = (await api().get('/api/notifications').set(auth(viewer.token)).expect(200)).body.data.find(
      (n: { alertId: string }) => n.alertId === fx.alertId,
    ).id;
    fx.endpointId = await createEndpoint();
    fx.deliveryId = await ping(fx.endpointId);
    await settled(fx.endpointId);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('answers 401 in shape A for no credential, a bogus bearer, a logged-out session and a revoked API token, on every operation', async () => {
    const gone = await tenant.addUser();
    await api().get('/api/alert-rules').set(auth(gone.token)).expect(200);
    await api().get('/api/alert-rules').set(auth(gone.apiToken)).expect(200);
    await revokeCredentials(t.app, gone);
    const credentials: Array<[string, Record<string, string>]> = [
      ['no credential', {}],
      ['Bearer atk_bogus', { Authorization: 'Bearer atk_bogus' }],
      ['a random 43-character bearer', { Authorization: `Bearer ${randomBytes(32).toString('base64url')}` }],
      ['a logged-out session', auth(gone.token)],
      ['a revoked API token', auth(gone.apiToken)],
    ];
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [name, headers] of credentials) {
      for (const route of [...guardedRoutes(), ...inboxRoutes()]) {
        const res = await call(route, headers);
        // The stream: status only (a 401 answers at once; a 200 would be a stream).
        const ok = res.status === 401 && (route[1].endsWith('/stream') || JSON.stringify(res.body) === JSON.stringify(INVALID));
        if (!ok) wrong.push(`${name}: ${route[0].toUpperCase()} ${route[1]} → ${show(res)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 in shape A to a user without access_alerts on every alert-rule, alert and webhook-endpoint operation, changing nothing; the inbox answers 200', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of guardedRoutes()) {
      const res = await call(route, auth(viewer.token));
      if (res.status !== 403 || JSON.stringify(res.body) !== JSON.stringify(FORBIDDEN)) wrong.push(`${route[0].toUpperCase()} ${route[1]} → ${show(res)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);

    // The inbox needs authentication only.
    const list = await api().get('/api/notifications').set(auth(viewer.token)).expect(200);
    expect(list.body.data.map((n: { id: string }) => n.id)).toContain(fx.notificationId);
    expect((await api().post(`/api/notifications/${fx.notificationId}/read`).set(auth(viewer.token)).expect(200)).body.data).toMatchObject({
      id: fx.notificationId,
      readAt: expect.any(String),
    });
    expect((await api().post('/api/notifications/read-all').set(auth(viewer.token)).expect(200)).body.data).toEqual({ read: expect.any(Number) });
    const stream = await openSse(baseUrl, '/api/notifications/stream', auth(viewer.token));
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor(() => stream.comments.includes('ready'));
    } finally {
      stream.close();
    }
  });

  it('hides an alert of an asset outside a limited user’s trackers: 404 to read, acknowledge and resolve it, still open, not listed', async () => {
    const hidden = await openAlert();
    const seen = await openAlert();
    const limited = await tenant.addUser({ trackerIds: [seen.asset.trackerId] });
    const before = await rawAlert(hidden.alertId);
    for (const route of [
      ['get', `/api/alerts/${hidden.alertId}`],
      ['post', `/api/alerts/${hidden.alertId}/acknowledge`, { comment: 'Mío' }],
      ['post', `/api/alerts/${hidden.alertId}/resolve`, {}],
    ] as Route[]) {
      const res = await call(route, auth(limited.token));
      expect([route[1], show(res)]).toEqual([route[1], `404 ${JSON.stringify({ error: 'Alert not found' })}`]);
    }
    expect(await rawAlert(hidden.alertId)).toEqual(before);
    expect(before).toMatchObject({ state: 'open', comments: [] });
    const listed = (await api().get('/api/alerts?limit=200').set(auth(limited.token)).expect(200)).body.data.map((a: { id: string }) => a.id);
    expect(listed).toContain(seen.alertId);
    expect(listed).not.toContain(hidden.alertId);
  });

  it('keeps a recipient’s inbox to their trackers: given other trackers, the entry is not listed, not readable, not counted by read-all', async () => {
    const mover = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const { asset, alertId } = await openAlert([mover.user._id.toHexString()]);
    const inbox = async () =>
      (await api().get('/api/notifications?limit=200').set(auth(mover.token)).expect(200)).body.data as Array<{ id: string; alertId: string }>;
    const entry = (await inbox()).find((n) => n.alertId === alertId)!;
    expect(entry).toBeDefined();
    // The admin gives them another tracker only; the entry stays written, but is no longer theirs to see.
    const other = await addAsset(t, tenant.clientId);
    await api()
      .patch(`/api/users/${mover.user._id.toHexString()}`)
      .set(auth())
      .send({ trackers: [other.trackerId.toHexString()] })
      .expect(200);
    expect((await inbox()).map((n) => n.alertId)).not.toContain(alertId);
    expect(show(await api().post(`/api/notifications/${entry.id}/read`).set(auth(mover.token)))).toBe(
      `404 ${JSON.stringify({ error: 'Notification not found' })}`,
    );
    expect((await api().post('/api/notifications/read-all').set(auth(mover.token)).expect(200)).body.data).toEqual({ read: 0 });
    // Their tracker back: the entry is there again, still unread.
    await api()
      .patch(`/api/users/${mover.user._id.toHexString()}`)
      .set(auth())
      .send({ trackers: [asset.trackerId.toHexString()] })
      .expect(200);
    expect(await inbox()).toEqual([expect.objectContaining({ id: entry.id, alertId, readAt: null })]);
  });

  it('refuses a rule naming an asset of the client outside the caller’s trackers: 400 naming assetIds, on create and change, nothing written', async () => {
    const mine = await addAsset(t, tenant.clientId);
    const theirs = await addAsset(t, tenant.clientId);
    const limited = await tenant.addUser({ trackerIds: [mine.trackerId] });
    const own = (
      await api()
        .post('/api/alert-rules')
        .set(auth(limited.token))
        .send(ruleBody({ allAssets: false, assetIds: [mine.assetId], recipients: { userIds: [limited.user._id.toHexString()] } }))
        .expect(201)
    ).body.data;
    const rules = await count('alert_rules');
    const created = await api()
      .post('/api/alert-rules')
      .set(auth(limited.token))
      .send(ruleBody({ allAssets: false, assetIds: [theirs.assetId], recipients: { userIds: [limited.user._id.toHexString()] } }));
    expect([created.status, created.body]).toEqual([400, { error: expect.stringContaining('assetIds') }]);
    const changed = await api()
      .patch(`/api/alert-rules/${own.id}`)
      .set(auth(limited.token))
      .send({ assetIds: [mine.assetId, theirs.assetId] });
    expect([changed.status, changed.body]).toEqual([400, { error: expect.stringContaining('assetIds') }]);
    expect(await count('alert_rules')).toBe(rules);
    expect((await api().get(`/api/alert-rules/${own.id}`).set(auth()).expect(200)).body.data).toEqual(own);
  });

  it('answers 409 in shape A at 500 rules and at 50 webhook endpoints, creating nothing', async () => {
    const crowded = await createTenant(t.app);
    const clone = async (collection: string, id: string, copies: number) => {
      const { _id, ...doc } = (await t.connection.collection(collection).findOne({ _id: new Types.ObjectId(id) }))!;
      await t.connection.collection(collection).insertMany(Array.from({ length: copies }, () => ({ ...doc, _id: new Types.ObjectId() })));
    };
    const ruleBodyOf = { name: 'Regla', eventTypes: ['geofence.enter'], recipients: { userIds: [crowded.admin.user._id.toHexString()] } };
    await clone('alert_rules', (await api().post('/api/alert-rules').set(auth(crowded.admin.token)).send(ruleBodyOf).expect(201)).body.data.id, 499);
    expect(await count('alert_rules', crowded.clientId)).toBe(500);
    const rule = await api().post('/api/alert-rules').set(auth(crowded.admin.token)).send(ruleBodyOf);
    expect([rule.status, rule.body]).toEqual([409, { error: expect.stringContaining('at most 500 alert rules') }]);
    expect(await count('alert_rules', crowded.clientId)).toBe(500);

    await clone('webhook_endpoints', await createEndpoint(crowded.admin.token), 49);
    expect(await count('webhook_endpoints', crowded.clientId)).toBe(50);
    const endpoint = await api()
      .post('/api/webhook-endpoints')
      .set(auth(crowded.admin.token))
      .send({ url: `${receiver.url}/one-more`, eventTypes: ['alert.opened'] });
    expect([endpoint.status, endpoint.body]).toEqual([409, { error: expect.stringContaining('at most 50 webhook endpoints') }]);
    expect(await count('webhook_endpoints', crowded.clientId)).toBe(50);
  });

  it('refuses bad query input on every list with 400 in shape A naming the parameter, never a 500', async () => {
    const lists: Array<[string, string[]]> = [
      ['/api/alert-rules', ['enabled=maybe']],
      ['/api/alerts', ['state=closed']],
      ['/api/notifications', ['unread=perhaps']],
      ['/api/webhook-endpoints', []],
      [`/api/webhook-endpoints/${fx.endpointId}/deliveries`, []],
    ];
    const common = ['foo=1', 'limit=abc', 'limit=0', 'limit=201', 'cursor=not-a-cursor', '__proto__=x'];
    const wrong: string[] = [];
    for (const [path, own] of lists) {
      for (const query of [...common, ...own]) {
        const res = await api().get(`${path}?${query}`).set(auth());
        const name = query.slice(0, query.indexOf('='));
        const ok = res.status === 400 && Object.keys(res.body).join() === 'error' && String(res.body.error).includes(name);
        if (!ok) wrong.push(`GET ${path}?${query} → ${show(res)}`);
      }
    }
    // The inbox stream takes no parameter: one sent is refused before any stream opens.
    for (const query of ['foo=1', '__proto__=x']) {
      const res = await api().get(`/api/notifications/stream?${query}`).set(auth());
      if (!(res.status === 400 && String(res.body.error).includes(query.slice(0, query.indexOf('=')))))
        wrong.push(`GET /api/notifications/stream?${query} → ${show(res)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes nothing after a refusal of the service: a foreign geofence, a refused URL, a transition a resolved alert does not allow', async () => {
    const foreignGeofence = (
      await api()
        .post('/api/geofences')
        .set(auth(other.admin.token))
        .send({ name: 'Ajena', geometry: { type: 'Point', coordinates: [-70, -33] }, radiusM: 100 })
        .expect(201)
    ).body.data.id;
    const rules = await count('alert_rules');
    const rule = await api()
      .post('/api/alert-rules')
      .set(auth())
      .send(ruleBody({ geofenceIds: [foreignGeofence] }));
    expect([rule.status, rule.body]).toEqual([400, { error: expect.stringContaining('geofenceIds') }]);
    expect(await count('alert_rules')).toBe(rules);

    const endpoints = await count('webhook_endpoints');
    const created = await api()
      .post('/api/webhook-endpoints')
      .set(auth())
      .send({ url: METADATA_URL, eventTypes: ['alert.opened'] });
    expect([created.status, created.body]).toEqual([400, { error: expect.stringMatching(/^url: .*private, loopback, link-local or reserved/) }]);
    expect(await count('webhook_endpoints')).toBe(endpoints);
    const endpointBefore = await rawEndpoint(fx.endpointId);
    const changed = await api().patch(`/api/webhook-endpoints/${fx.endpointId}`).set(auth()).send({ url: METADATA_URL, description: 'Metadatos' });
    expect([changed.status, changed.body]).toEqual([400, { error: expect.stringMatching(/^url: .*private, loopback, link-local or reserved/) }]);
    expect(await rawEndpoint(fx.endpointId)).toEqual(endpointBefore);

    const { alertId } = await openAlert();
    await api().post(`/api/alerts/${alertId}/resolve`).set(auth()).send({ comment: 'Resuelta por radio' }).expect(200);
    const alertBefore = await rawAlert(alertId);
    const ack = await api().post(`/api/alerts/${alertId}/acknowledge`).set(auth()).send({ comment: 'Tarde' });
    expect([ack.status, ack.body]).toEqual([409, { error: expect.stringContaining('cannot be acknowledged') }]);
    expect(await rawAlert(alertId)).toEqual(alertBefore);
    expect(alertBefore).toMatchObject({ state: 'resolved', comments: [expect.objectContaining({ text: 'Resuelta por radio', action: 'resolve' })] });
  });

  it('answers 404 to a redelivery of another endpoint’s delivery or another client’s, sending nothing', async () => {
    const sibling = await createEndpoint(tenant.admin.token, '/sibling');
    const siblingDelivery = await ping(sibling);
    const foreign = await createEndpoint(other.admin.token, '/foreign');
    const foreignDelivery = await ping(foreign, other.admin.token);
    await settled(sibling);
    await settled(foreign, other.admin.token);
    const deliveries = [await count('webhook_deliveries'), await count('webhook_deliveries', other.clientId)];
    const received = receiver.received.length;
    for (const deliveryId of [siblingDelivery, foreignDelivery]) {
      const res = await api().post(`/api/webhook-endpoints/${fx.endpointId}/deliveries/${deliveryId}/redeliver`).set(auth());
      expect([deliveryId, res.status, res.body]).toEqual([deliveryId, 404, { error: 'Webhook delivery not found' }]);
    }
    expect([await count('webhook_deliveries'), await count('webhook_deliveries', other.clientId)]).toEqual(deliveries);
    await new Promise((done) => setTimeout(done, 300));
    expect(receiver.received.length).toBe(received);
  });

  describe('control characters (C0, DEL, C1; tab and line breaks only in multiline fields): 400 in shape A naming the field', () => {
    const C0 = Array.from({ length: 32 }, (_, i) => i);
    const C1 = Array.from({ length: 33 }, (_, i) => 0x7f + i); // DEL and U+0080–U+009F
    const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

    it('the named cases: a rule name with ESC or DEL, an endpoint description with NUL, an acknowledge comment with NEL', async () => {
      const { alertId } = await openAlert();
      const counts = [await count('alert_rules'), await count('webhook_endpoints')];
      const alertBefore = await rawAlert(alertId);
      const cases: Array<[Route, string, string]> = [
        [['post', '/api/alert-rules', ruleBody({ name: 'Alarma \u001b[31mroja' })], 'name', '(tab and line breaks included)'],
        [['post', '/api/alert-rules', ruleBody({ name: 'Alarma\u007f' })], 'name', '(tab and line breaks included)'],
        [['patch', `/api/alert-rules/${fx.ruleId}`, { name: 'Alarma \u001b[31mroja' }], 'name', '(tab and line breaks included)'],
        [
          ['post', '/api/webhook-endpoints', { url: `${receiver.url}/ctl`, eventTypes: ['alert.opened'], description: 'ERP\u0000' }],
          'description',
          '(tab and line breaks included)',
        ],
        [['patch', `/api/webhook-endpoints/${fx.endpointId}`, { description: 'ERP\u0000' }], 'description', '(tab and line breaks included)'],
        [['post', `/api/alerts/${alertId}/acknowledge`, { comment: 'Llamando\u0085al conductor' }], 'comment', '(tab and line breaks are allowed)'],
      ];
      const before = await snapshot();
      for (const [route, field, tail] of cases) {
        const res = await call(route, auth());
        expect([route[1], res.status, res.body]).toEqual([route[1], 400, { error: `${field} must not contain control characters ${tail}` }]);
      }
      expect([await count('alert_rules'), await count('webhook_endpoints')]).toEqual(counts);
      expect(await rawAlert(alertId)).toEqual(alertBefore);
      expect(await snapshot()).toEqual(before);
    });

    it('every control character, in the middle of the text: none accepted', async () => {
      const { alertId } = await openAlert();
      const accepted: string[] = [];
      const sweep = async (field: string, codes: number[], route: (text: string) => Route) => {
        for (const code of codes) {
          const res = await call(route(`ab${String.fromCharCode(code)}cd`), auth());
          if (res.status !== 400 || !String(res.body.error).startsWith(`${field} must not contain control characters`))
            accepted.push(`${field} ${hex(code)} → ${show(res)}`);
        }
      };
      await sweep('name', [...C0, ...C1], (name) => ['post', '/api/alert-rules', ruleBody({ name })]);
      await sweep('description', [...C0, ...C1], (description) => [
        'post',
        '/api/webhook-endpoints',
        { url: `${receiver.url}/sweep`, eventTypes: ['alert.opened'], description },
      ]);
      await sweep('comment', [...C0.filter((c) => ![0x09, 0x0a, 0x0d].includes(c)), ...C1], (comment) => [
        'post',
        `/api/alerts/${alertId}/acknowledge`,
        { comment },
      ]);
      expect(accepted).toEqual([]);
      expect(await rawAlert(alertId)).toMatchObject({ state: 'open', comments: [] });
    });
  });
});
