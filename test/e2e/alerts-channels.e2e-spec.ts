// Jobs are looked for every 50 ms and webhook retries run a thousand-fold faster, so mails and
// deliveries show within seconds. The app reads these when it is built.
process.env.JOBS_POLL_MS = '50';
process.env.WEBHOOK_RETRY_SCALE = '0.00001';

import request from 'supertest';
import { Types } from 'mongoose';
import { Webhook } from 'standardwebhooks';
import { createTestApp, TestApp } from '@app/testing';
import { AlertChannels } from '../../src/alerts';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { eventually, ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';
import { createDepot, depotFix } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-alert-channels-0123456789';

/**
 * The alert channels end to end: telemetry through the ingestion route opens an alert, which
 * reaches the inbox, a real SMTP server (smtp-server, read back with mailparser) in each
 * recipient's language, and a real webhook receiver, its signatures verified with the
 * standardwebhooks package. Nothing of ours is replaced.
 */
describe('alert channels: inbox, e-mail and webhooks', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let receiver: WebhookReceiver;
  let depotId: string;
  let secret: string;
  const mails = () => smtp.mails;
  const T0 = Math.floor(Date.now() / 1000) - 600;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  const fix = (asset: TrackedFixture, s: number, north: number) => depotFix(asset, T0 + s, north);
  /** Into the depot at 10 s; out at 30 s unless `stay`. */
  const visit = (asset: TrackedFixture, stay = false) =>
    stay
      ? [fix(asset, 0, 400), fix(asset, 10, 150), fix(asset, 20, 100)]
      : [fix(asset, 0, 400), fix(asset, 10, 150), fix(asset, 20, 100), fix(asset, 30, 300), fix(asset, 40, 400)];
  const alertsOf = async (asset: TrackedFixture) =>
    (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}`).set(auth()).expect(200)).body.data as Array<{ id: string; state: string }>;
  const mailsTo = (address: string) => smtp.mails.filter((mail) => (mail.to as { text: string } | undefined)?.text === address);
  const hooksOf = (alertId: string) => receiver.received.filter((hook) => (JSON.parse(hook.body) as { data: { id?: string } }).data.id === alertId);
  const typeOf = (hook: ReceivedWebhook) => (JSON.parse(hook.body) as { type: string }).type;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    receiver = await new WebhookReceiver().start();
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'Flota <alertas@fleet.test>';
    process.env.APP_URL = 'https://app.fleet.test';
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.1/32';
    t = await createTestApp();
    tenant = await createTenant(t.app);
    depotId = await createDepot(t, tenant.admin.token, 'Depósito Pudahuel');
    const endpoint = (
      await request(t.server)
        .post('/api/webhook-endpoints')
        .set(auth())
        .send({ url: `${receiver.url}/alerts`, description: 'ERP', eventTypes: ['alert.opened', 'alert.acknowledged', 'alert.resolved'] })
        .expect(201)
    ).body.data;
    secret = endpoint.secret;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'WEBHOOK_ALLOWED_NETWORKS']) delete process.env[name];
  });

  it('tells every channel the alerts module registers: the inbox, mail and webhooks', () => {
    expect(t.app.get(AlertChannels).registered.map((channel) => channel.constructor.name)).toEqual(['InboxChannel', 'AlertMails', 'WebhookChannel']);
  });

  it('mails each recipient once in their language, posts signed alert.opened and alert.resolved once, and enters the inbox', async () => {
    const asset = await addAsset(t, tenant.clientId, { name: 'Camión 7' });
    const english = await tenant.addUser({ permissions: [] });
    await request(t.server).patch(`/api/users/${english.user._id.toHexString()}`).set(auth()).send({ language: 'en' }).expect(200);
    // Sees only another tracker: no inbox entry, no mail.
    const blind = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({
        name: 'Entrada al depósito',
        eventTypes: ['geofence.enter'],
        severity: 'critical',
        allAssets: false,
        assetIds: [asset.assetId],
        geofenceIds: [depotId],
        recipients: { userIds: [tenant.admin.user._id, english.user._id, blind.user._id].map(String), emails: ['Turno-Noche@Example.com', english.email] },
      })
      .expect(201);

    await ingest(visit(asset));
    const [alert] = await alertsOf(asset);
    expect(alert.state).toBe('resolved');

    const [toAdmin] = await eventually(() => (mailsTo(tenant.admin.email).length ? mailsTo(tenant.admin.email) : null), 'the admin’s mail');
    const [toEnglish] = await eventually(() => (mailsTo(english.email).length ? mailsTo(english.email) : null), 'the English mail');
    const [toAddress] = await eventually(() => (mailsTo('turno-noche@example.com').length ? mailsTo('turno-noche@example.com') : null), 'the address’s mail');
    expect(toAdmin.subject).toBe(`[Crítica] Camión 7: Entró a Depósito Pudahuel — Entrada al depósito`);
    expect(toAdmin.text).toContain('Lugar: Depósito Pudahuel');
    expect(toAdmin.text).toContain(`Ver la alerta: https://app.fleet.test/alerts/${alert.id}`);
    expect(toAdmin.html).toContain(`href="https://app.fleet.test/alerts/${alert.id}"`);
    expect(toAdmin.from?.text).toBe('"Flota" <alertas@fleet.test>');
    expect(toEnglish.subject).toBe(`[Critical] Camión 7: Entered Depósito Pudahuel — Entrada al depósito`);
    expect(toEnglish.text).toContain('Place: Depósito Pudahuel');
    expect(toAddress.subject).toBe(`[Crítica] Camión 7: Entró a Depósito Pudahuel — Entrada al depósito`);

    const hooks = await eventually(() => (hooksOf(alert.id).length >= 2 ? hooksOf(alert.id) : null), 'the alert’s webhooks');
    expect(hooks.map(typeOf).sort()).toEqual(['alert.opened', 'alert.resolved']);
    for (const hook of hooks) {
      const verified = new Webhook(secret).verify(hook.body, {
        'webhook-id': hook.headers['webhook-id'] as string,
        'webhook-timestamp': hook.headers['webhook-timestamp'] as string,
        'webhook-signature': hook.headers['webhook-signature'] as string,
      });
      expect(verified).toMatchObject({ data: { id: alert.id, assetId: asset.assetId } });
    }

    // The same batch again (a device's resend): no second mail, delivery or inbox entry.
    await ingest(visit(asset));
    await new Promise((done) => setTimeout(done, 1000));
    expect([mailsTo(tenant.admin.email), mailsTo(english.email), mailsTo('turno-noche@example.com')].map((list) => list.length)).toEqual([1, 1, 1]);
    expect(hooksOf(alert.id)).toHaveLength(2);
    expect(mailsTo(blind.email)).toEqual([]);
    const inboxOf = async (token: string) =>
      ((await request(t.server).get('/api/notifications').set(auth(token)).expect(200)).body.data as Array<{ alertId: string }>).filter(
        (entry) => entry.alertId === alert.id,
      );
    expect(await inboxOf(tenant.admin.token)).toHaveLength(1);
    expect(await inboxOf(english.token)).toHaveLength(1);
    expect(await inboxOf(blind.token)).toEqual([]);
  });

  it('posts alert.acknowledged when a person acknowledges, and mails only the opening', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({
        name: 'Dentro del depósito',
        eventTypes: ['geofence.enter'],
        allAssets: false,
        assetIds: [asset.assetId],
        geofenceIds: [depotId],
        recipients: { userIds: [tenant.admin.user._id.toHexString()] },
      })
      .expect(201);
    await ingest(visit(asset, true));
    const [alert] = await alertsOf(asset);
    expect(alert.state).toBe('open');
    await eventually(() => hooksOf(alert.id).length === 1, 'alert.opened');
    await eventually(() => mails().some((mail) => mail.subject?.includes('Dentro del depósito')), 'the opening’s mail');
    const mailsBefore = mails().length;
    await request(t.server).post(`/api/alerts/${alert.id}/acknowledge`).set(auth()).send({ comment: 'Voy' }).expect(200);
    const hooks = await eventually(() => (hooksOf(alert.id).length === 2 ? hooksOf(alert.id) : null), 'alert.acknowledged');
    expect(hooks.map(typeOf)).toEqual(['alert.opened', 'alert.acknowledged']);
    expect(JSON.parse(hooks[1].body)).toMatchObject({ data: { id: alert.id, state: 'acknowledged', comments: [{ text: 'Voy', action: 'acknowledge' }] } });
    // Each message has its own webhook-id.
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(2);
    await new Promise((done) => setTimeout(done, 500));
    expect(mails().length).toBe(mailsBefore);
  });

  it('tells the webhooks of an acknowledgement stored by a request that failed before telling them, when its retry gets the 409: once', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await request(t.server)
      .post('/api/alert-rules')
      .set(auth())
      .send({
        name: 'Reintento',
        eventTypes: ['geofence.enter'],
        allAssets: false,
        assetIds: [asset.assetId],
        geofenceIds: [depotId],
        recipients: { userIds: [] },
      })
      .expect(201);
    await ingest(visit(asset, true));
    const [alert] = await alertsOf(asset);
    await eventually(() => hooksOf(alert.id).length === 1, 'alert.opened');
    // What a request leaves when it stores the state and dies (or its database write fails) before the webhook is stored.
    await t.connection
      .collection('alerts')
      .updateOne(
        { _id: new Types.ObjectId(alert.id) },
        { $set: { state: 'acknowledged', acknowledgedAt: new Date(), acknowledgedBy: tenant.admin.user._id.toHexString() } },
      );
    const retried = await request(t.server).post(`/api/alerts/${alert.id}/acknowledge`).set(auth()).send({}).expect(409);
    expect(retried.body.error).toContain('The alert is acknowledged');
    const hooks = await eventually(() => (hooksOf(alert.id).length === 2 ? hooksOf(alert.id) : null), 'alert.acknowledged');
    expect(hooks.map(typeOf)).toEqual(['alert.opened', 'alert.acknowledged']);
    expect(JSON.parse(hooks[1].body)).toMatchObject({ data: { id: alert.id, state: 'acknowledged' } });
    // Once: another retry (or one after a resolve) tells nothing new of the acknowledgement.
    await request(t.server).post(`/api/alerts/${alert.id}/acknowledge`).set(auth()).send({}).expect(409);
    await request(t.server).post(`/api/alerts/${alert.id}/resolve`).set(auth()).send({}).expect(200);
    await request(t.server).post(`/api/alerts/${alert.id}/resolve`).set(auth()).send({}).expect(409);
    const all = await eventually(() => (hooksOf(alert.id).length === 3 ? hooksOf(alert.id) : null), 'alert.resolved');
    await new Promise((done) => setTimeout(done, 500));
    expect(hooksOf(alert.id).map(typeOf)).toEqual(['alert.opened', 'alert.acknowledged', 'alert.resolved']);
    expect(all.every((hook) => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>))).toBe(true);
  });

  it('tells the client’s admins in the inbox when an endpoint is disabled after 3 days of failures, once', async () => {
    const endpoint = (
      await request(t.server)
        .post('/api/webhook-endpoints')
        .set(auth())
        .send({ url: `${receiver.url}/dead`, eventTypes: ['alert.opened'] })
        .expect(201)
    ).body.data;
    receiver.answer = (hook) => (hook.path === '/dead' ? 503 : 200);
    const operator = await tenant.addUser({ permissions: [] });
    // An admin whose trackers are a few: a system notice has no asset, and is theirs all the same.
    const limitedAdmin = await tenant.addUser({ protected: true, trackerIds: [new Types.ObjectId()] });
    await t.connection
      .collection('webhook_endpoints')
      .updateOne({ _id: new Types.ObjectId(endpoint.id) }, { $set: { failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) } });
    await request(t.server).post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201);
    const notices = async (token: string) =>
      (
        (await request(t.server).get('/api/notifications').set(auth(token)).expect(200)).body.data as Array<{
          id: string;
          kind: string;
          title: string;
          body: string;
          severity: string;
        }>
      ).filter((entry) => entry.kind === 'system');
    const [notice, ...more] = await eventually(
      async () => ((await notices(tenant.admin.token)).length ? notices(tenant.admin.token) : null),
      'the admin’s notice',
    );
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ title: `Webhook desactivado: ${receiver.url}/dead`, severity: 'warning', body: expect.stringContaining('3 días') });
    expect(await notices(operator.token)).toEqual([]);
    const [theirs] = await notices(limitedAdmin.token);
    expect(theirs).toMatchObject({ title: notice.title, readAt: null });
    const read = (await request(t.server).post(`/api/notifications/${theirs.id}/read`).set(auth(limitedAdmin.token)).expect(200)).body.data;
    expect(read.readAt).toEqual(expect.any(String));
    expect((await request(t.server).get('/api/notifications?unread=true').set(auth(limitedAdmin.token)).expect(200)).body.data).toEqual([]);
    receiver.answer = () => 200;
  });
});
