// Jobs are looked for every 50 ms and webhook retries run a thousand-fold faster, so mails and
// deliveries show within seconds. The app reads these when it is built.
process.env.JOBS_POLL_MS = '50';
process.env.WEBHOOK_RETRY_SCALE = '0.00001';

import request from 'supertest';
import { Types } from 'mongoose';
import type { ParsedMail } from 'mailparser';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { createDepot, DEPOT, depotVisit } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-alert-voice-0123456789';
/** A time in the client's zone with its offset, as people are told it: `25-11-2026 03:14:07 -03:00 (America/Santiago)`. */
const LOCAL_ES = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2} \(America\/Santiago\)/;
const LOCAL_EN = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2} \(America\/Santiago\)/;

interface AlertView {
  id: string;
  state: string;
  eventType: string;
  geofenceId: string | null;
  placeId: string | null;
  resolvedBy: string | null;
  eventIds: string[];
}
interface Entry {
  alertId: string;
  title: string;
  body: string;
}
interface Message {
  type: string;
  data: AlertView & {
    asset: { id: string; name: string; plate: string | null };
    driver: null;
    summary: string;
    events: Array<{
      id: string;
      type: string;
      occurredAt: string;
      position: { lat: number; lng: number } | null;
      geofence: { id: string; name: string } | null;
      place: null;
    }>;
  };
}

/**
 * What a person is told of an alert, end to end — telemetry through the ingestion route, a real
 * SMTP server, a real webhook receiver: the mail, the inbox entry and the webhook say what
 * happened (entered, left…) in the reader's language with the client's time and offset; alerts
 * opened by an end-type event end at once; alerts filter by event type and geofence.
 */
describe('alerts a person can read', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let english: TestUser;
  let smtp: MailCatcher;
  let receiver: WebhookReceiver;
  let bodegaId: string;
  const T0 = Math.floor(Date.now() / 1000) - 900;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  /** Into the depot at `at` + 10 s, out at `at` + 30 s. */
  const visit = (asset: TrackedFixture, at = 0) => depotVisit(asset, T0 + at);
  const alertsOf = async (asset: TrackedFixture, query = ''): Promise<AlertView[]> =>
    (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}${query}`).set(auth()).expect(200)).body.data;
  const inboxOf = async (user: TestUser): Promise<Entry[]> =>
    (await request(t.server).get('/api/notifications?limit=200').set(auth(user.token)).expect(200)).body.data;
  const mailsTo = (address: string): ParsedMail[] => smtp.mails.filter((mail) => (mail.to as { text: string } | undefined)?.text === address);
  const messagesOf = (alertId: string): Message[] =>
    receiver.received.map((hook) => JSON.parse(hook.body) as Message).filter((message) => message.data.id === alertId);
  const rule = async (asset: TrackedFixture, body: object) =>
    (
      await request(t.server)
        .post('/api/alert-rules')
        .set(auth())
        .send({
          name: 'Bodega',
          eventTypes: ['geofence.enter', 'geofence.exit'],
          allAssets: false,
          assetIds: [asset.assetId],
          geofenceIds: [bodegaId],
          recipients: { userIds: [tenant.admin.user._id.toHexString()] },
          ...body,
        })
        .expect(201)
    ).body.data.id as string;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    receiver = await new WebhookReceiver().start();
    process.env.SMTP_URL = smtp.url;
    process.env.APP_URL = 'https://app.fleet.test';
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.1/32';
    t = await createTestApp();
    tenant = await createTenant(t.app);
    english = await tenant.addUser({ permissions: [] });
    await request(t.server).patch(`/api/users/${english.user._id.toHexString()}`).set(auth()).send({ language: 'en' }).expect(200);
    bodegaId = await createDepot(t, tenant.admin.token, 'Bodega Central');
    await request(t.server)
      .post('/api/webhook-endpoints')
      .set(auth())
      .send({ url: `${receiver.url}/alerts`, eventTypes: ['alert.opened', 'alert.acknowledged', 'alert.resolved', 'event.geofence.exit'] })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
    for (const name of ['SMTP_URL', 'APP_URL', 'WEBHOOK_ALLOWED_NETWORKS']) delete process.env[name];
  });

  it('mails, enters in the inbox and posts what happened — entered or left — in each reader’s language, with the client’s time and offset', async () => {
    const asset = await addAsset(t, tenant.clientId, { name: 'Camión 7', plate: 'KXJP-21' });
    await rule(asset, { severity: 'critical', recipients: { userIds: [tenant.admin.user._id, english.user._id].map(String), emails: ['turno@example.cl'] } });
    await ingest(visit(asset));
    const alerts = await alertsOf(asset);
    const enter = alerts.find((alert) => alert.eventType === 'geofence.enter')!;
    const exit = alerts.find((alert) => alert.eventType === 'geofence.exit')!;
    expect([enter, exit].every(Boolean)).toBe(true);

    // E-mail: the subject and the body say which, in Spanish for the admin and the address, in English for the English user.
    const [toAdmin, toEnglish, toAddress] = await Promise.all(
      [tenant.admin.email, english.email, 'turno@example.cl'].map((address) =>
        eventually(() => (mailsTo(address).length === 2 ? mailsTo(address) : null), `the two mails to ${address}`),
      ),
    );
    const about = (mails: ParsedMail[], words: string) => mails.find((mail) => mail.subject?.includes(words))!;
    expect(about(toAdmin, 'Entró').subject).toBe('[Crítica] Camión 7: Entró a Bodega Central — Bodega');
    expect(about(toAdmin, 'Salió').subject).toBe('[Crítica] Camión 7: Salió de Bodega Central — Bodega');
    expect(about(toAdmin, 'Salió').text).toContain('Qué pasó: Salió de Bodega Central');
    expect(about(toAdmin, 'Salió').text).toContain('Activo: Camión 7 (KXJP-21)');
    expect(about(toAdmin, 'Salió').text).toMatch(new RegExp(`Hora: ${LOCAL_ES.source}`));
    expect(about(toAdmin, 'Entró').text).not.toBe(about(toAdmin, 'Salió').text);
    expect(about(toAddress, 'Salió').subject).toBe('[Crítica] Camión 7: Salió de Bodega Central — Bodega');
    expect(about(toEnglish, 'Entered').subject).toBe('[Critical] Camión 7: Entered Bodega Central — Bodega');
    expect(about(toEnglish, 'Left').text).toContain('What happened: Left Bodega Central');
    expect(about(toEnglish, 'Left').text).toMatch(new RegExp(`Time: ${LOCAL_EN.source}`));

    // The inbox: one entry per alert, each reader's in their language, no UTC instant nor event type.
    const spanish = (await inboxOf(tenant.admin)).find((entry) => entry.alertId === exit.id)!;
    expect(spanish.title).toBe('Crítica: Salió de Bodega Central — Camión 7');
    expect(spanish.body).toMatch(new RegExp(`^Camión 7 \\(KXJP-21\\), ${LOCAL_ES.source}\\. Regla: Bodega\\.$`));
    expect((await inboxOf(tenant.admin)).find((entry) => entry.alertId === enter.id)!.title).toBe('Crítica: Entró a Bodega Central — Camión 7');
    const inEnglish = (await inboxOf(english)).find((entry) => entry.alertId === exit.id)!;
    expect(inEnglish.title).toBe('Critical: Left Bodega Central — Camión 7');
    expect(inEnglish.body).toMatch(new RegExp(`^Camión 7 \\(KXJP-21\\), ${LOCAL_EN.source}\\. Rule: Bodega\\.$`));

    // The webhook: the event whole, the asset's name and plate, no driver yet, and a sentence in the client's language (Spanish).
    const [opened] = await eventually(
      () => (messagesOf(exit.id).some((m) => m.type === 'alert.opened') ? messagesOf(exit.id).filter((m) => m.type === 'alert.opened') : null),
      'alert.opened of the exit',
    );
    expect(opened.data).toMatchObject({
      id: exit.id,
      eventType: 'geofence.exit',
      geofenceId: bodegaId,
      placeId: null,
      asset: { id: asset.assetId, name: 'Camión 7', plate: 'KXJP-21' },
      driver: null,
    });
    expect(opened.data.events).toEqual([
      {
        id: exit.eventIds[0],
        type: 'geofence.exit',
        occurredAt: new Date((T0 + 30) * 1000).toISOString(),
        detectedAt: expect.any(String),
        position: { lat: expect.any(Number), lng: DEPOT.lng, speed: 10 },
        geofence: { id: bodegaId, name: 'Bodega Central' },
        place: null,
        details: expect.objectContaining({ geofenceName: 'Bodega Central' }),
      },
    ]);
    expect(opened.data.summary).toMatch(new RegExp(`^Alerta abierta: Camión 7 \\(KXJP-21\\) — Salió de Bodega Central, ${LOCAL_ES.source}$`));
    const resolved = await eventually(() => messagesOf(enter.id).find((m) => m.type === 'alert.resolved') ?? null, 'alert.resolved of the entry');
    expect(resolved.data.events.map((event) => event.type)).toEqual(['geofence.enter', 'geofence.exit']);
    expect(resolved.data.summary).toMatch(/^Alerta resuelta: Camión 7 \(KXJP-21\) — Entró a Bodega Central, /);
    // The fleet event's own webhook says it in a sentence too.
    const event = await eventually(() => messagesOf(exit.eventIds[0]).find((m) => m.type === 'event.geofence.exit') ?? null, 'event.geofence.exit');
    expect(event.data.summary).toMatch(new RegExp(`^Camión 7 — Salió de Bodega Central, ${LOCAL_ES.source}$`));
  });

  it('ends every alert of a rule on enter and exit: enter, exit, enter, exit — each notified when it opens', async () => {
    const asset = await addAsset(t, tenant.clientId, { name: 'Camión 9' });
    await rule(asset, {});
    // Two visits in two batches each: the entries stay open until their exits come.
    await ingest(visit(asset, 0).slice(0, 3));
    expect((await alertsOf(asset)).map((alert) => [alert.eventType, alert.state])).toEqual([['geofence.enter', 'open']]);
    await ingest(visit(asset, 0).slice(3));
    await ingest(visit(asset, 100).slice(0, 3));
    await ingest(visit(asset, 100).slice(3));
    const alerts = await alertsOf(asset);
    expect(alerts.map((alert) => alert.eventType).sort()).toEqual(['geofence.enter', 'geofence.enter', 'geofence.exit', 'geofence.exit']);
    expect(alerts.filter((alert) => alert.state !== 'resolved')).toEqual([]);
    expect(alerts.every((alert) => alert.resolvedBy === 'system')).toBe(true);
    expect((await alertsOf(asset, '&state=open')).length + (await alertsOf(asset, '&state=acknowledged')).length).toBe(0);
    // An exit's alert is opened already resolved by its own event; an entry's is resolved by the exit after it.
    for (const alert of alerts) expect(alert.eventIds).toHaveLength(alert.eventType === 'geofence.exit' ? 1 : 2);
    // Every one notified when it opened: inbox, mail and alert.opened.
    const ids = alerts.map((alert) => alert.id).sort();
    expect(
      (await inboxOf(tenant.admin))
        .map((entry) => entry.alertId)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual(ids);
    await eventually(() => mailsTo(tenant.admin.email).filter((mail) => mail.subject?.includes('Camión 9')).length === 4, 'the four mails');
    await eventually(
      () => ids.every((id) => messagesOf(id).some((m) => m.type === 'alert.opened') && messagesOf(id).some((m) => m.type === 'alert.resolved')),
      'alert.opened and alert.resolved of each',
    );
    // A person cannot resolve what already ended.
    await request(t.server).post(`/api/alerts/${alerts[0].id}/resolve`).set(auth()).send({}).expect(409);
  });

  it('lists alerts by event type, geofence and place', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset, {});
    await ingest(visit(asset));
    expect((await alertsOf(asset, '&eventType=geofence.exit')).map((alert) => alert.eventType)).toEqual(['geofence.exit']);
    expect((await alertsOf(asset, '&eventType=geofence.enter')).map((alert) => alert.eventType)).toEqual(['geofence.enter']);
    const inBodega = await alertsOf(asset, `&geofenceId=${bodegaId}`);
    expect(inBodega).toHaveLength(2);
    expect(inBodega.every((alert) => alert.geofenceId === bodegaId && alert.placeId === null)).toBe(true);
    expect(await alertsOf(asset, `&geofenceId=${new Types.ObjectId().toHexString()}`)).toEqual([]);
    expect(await alertsOf(asset, `&placeId=${new Types.ObjectId().toHexString()}`)).toEqual([]);
    for (const bad of ['eventType=geofence.maybe', 'geofenceId=nope', 'placeId=12']) {
      const answer = await request(t.server).get(`/api/alerts?${bad}`).set(auth()).expect(400);
      expect(answer.body.error).toMatch(new RegExp(`^${bad.split('=')[0]} `));
    }
  });

  it('refuses an empty comment with one message that says it once', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await rule(asset, { eventTypes: ['geofence.enter'] });
    await ingest(visit(asset, 0).slice(0, 3));
    const [alert] = await alertsOf(asset);
    const answer = await request(t.server).post(`/api/alerts/${alert.id}/resolve`).set(auth()).send({ comment: '' }).expect(400);
    expect(answer.body).toEqual({ error: 'comment should not be empty' });
  });
});
