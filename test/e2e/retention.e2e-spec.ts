// Jobs are looked for every 50 ms. The app reads it when it is built.
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Types } from 'mongoose';
import { Jobs, RETENTION_JOB } from '@app/jobs';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import type { MailCatcher } from '../support/mail-catcher';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { createDepot, depotFix } from './depot-fixtures';
import { closeWithAlertChannels, createWebhookEndpoint, startAlertChannels } from './alert-channel-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-retention-0123456789';
const DAY_S = 86_400;

interface EventView {
  id: string;
  type: string;
}

/**
 * Retention with the default periods: one pass of the hourly retention job removes fleet events
 * past 13 months with their index documents, inbox entries past 180 days, webhook deliveries past
 * 30 days and the records of mails sent past 90 — and keeps everything more recent. What an old
 * visit of the depot left is seen through the API before the pass and gone after it.
 */
describe('retention', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let receiver: WebhookReceiver;
  let asset: TrackedFixture;
  let endpointId = '';
  const now = Math.floor(Date.now() / 1000);
  // A visit 400 days ago, and one two hours ago.
  const OLD = Math.floor((now - 400 * DAY_S) / 3600) * 3600;
  const RECENT = Math.floor((now - 2 * 3600) / 3600) * 3600;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const api = () => request(t.server);
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  const fix = (s: number, north: number) => depotFix(asset, s, north);
  const visit = (at: number) => [fix(at, 400), fix(at + 10, 100), fix(at + 20, 100), fix(at + 30, 400), fix(at + 40, 400)];
  const eventsAround = async (at: number): Promise<EventView[]> =>
    (
      await api()
        .get('/api/events')
        .query({ from: new Date((at - 600) * 1000).toISOString(), to: new Date((at + 600) * 1000).toISOString() })
        .set(auth())
        .expect(200)
    ).body.data;
  const inbox = async (): Promise<Array<{ alertId: string }>> => (await api().get('/api/notifications').set(auth()).expect(200)).body.data;
  const deliveryLog = async (): Promise<Array<{ id: string }>> =>
    (await api().get(`/api/webhook-endpoints/${endpointId}/deliveries`).set(auth()).expect(200)).body.data;

  beforeAll(async () => {
    ({ smtp, receiver } = await startAlertChannels());
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId, { name: 'Camión 1' });
    const depotId = await createDepot(t, tenant.admin.token);
    await api()
      .post('/api/alert-rules')
      .set(auth())
      .send({
        name: 'Entrada',
        eventTypes: ['geofence.enter'],
        geofenceIds: [depotId],
        recipients: { userIds: [tenant.admin.user._id.toHexString()], emails: ['ops@example.com'] },
      })
      .expect(201);
    endpointId = await createWebhookEndpoint(t, tenant.admin.token, `${receiver.url}/hook`, ['alert.opened']);
  });
  afterAll(() => closeWithAlertChannels(t, { smtp, receiver }));

  it('removes, in one pass of its job, what is past each period and keeps the rest', async () => {
    await ingest(visit(OLD));
    await ingest(visit(RECENT));
    // Two alerts, each mailed to two addresses and posted to the endpoint.
    await eventually(
      async () => smtp.mails.length === 4 && (await t.connection.collection('jobs').countDocuments({ name: { $in: ['mail.send', 'webhooks.deliver'] } })) === 0,
      'the mails and deliveries',
      30_000,
    );
    // A delivery made 31 days ago, and the record of a mail sent 91 days ago, as stored then.
    const oldDelivery = Types.ObjectId.createFromTime(now - 31 * DAY_S);
    await t.connection.collection('webhook_deliveries').insertOne({
      _id: oldDelivery,
      clientId: tenant.clientId,
      endpointId: new Types.ObjectId(endpointId),
      key: 'alert:old:opened',
      messageId: 'msg_old',
      type: 'alert.opened',
      body: '{}',
      attempt: 1,
      state: 'succeeded',
      responseStatus: 200,
      durationMs: 3,
      error: null,
      nextAttemptAt: null,
      manual: false,
      createdAt: new Date((now - 31 * DAY_S) * 1000),
    });
    await t.connection
      .collection('sent_mails')
      .insertOne({ _id: 'alert-mail:old:ops@example.com', messageId: '<old@fleet.localhost>', sentAt: new Date((now - 91 * DAY_S) * 1000) } as never);

    const [oldEvents, recentEvents] = [await eventsAround(OLD), await eventsAround(RECENT)];
    expect(oldEvents.map((event) => event.type).sort()).toEqual(['geofence.enter', 'geofence.exit']);
    expect(recentEvents.map((event) => event.type).sort()).toEqual(['geofence.enter', 'geofence.exit']);
    expect(await inbox()).toHaveLength(2);
    expect(await deliveryLog()).toHaveLength(3);
    const oldHours = () => t.connection.collection('fleet_event_index').countDocuments({ start: { $lte: OLD } });
    expect(await oldHours()).toBeGreaterThan(0);

    // The hourly job, made due now.
    const job = () => t.connection.collection('jobs').findOne({ _id: `${RETENTION_JOB}:recurring` } as never);
    const runs = (await job())!.runs as number;
    expect(await t.app.get(Jobs).runNow(RETENTION_JOB, 'recurring')).toBe(true);
    await eventually(async () => ((await job())!.runs as number) > runs, 'the retention pass');

    // Events of 13 months ago and their index documents: gone, by id and from the list.
    expect(await eventsAround(OLD)).toEqual([]);
    for (const event of oldEvents) await api().get(`/api/events/${event.id}`).set(auth()).expect(404);
    expect(await oldHours()).toBe(0);
    expect((await eventsAround(RECENT)).map((event) => event.id).sort()).toEqual(recentEvents.map((event) => event.id).sort());
    // The inbox entry of the old event's alert: gone; the recent one stays.
    const entries = await inbox();
    expect(entries).toHaveLength(1);
    const recentAlert = (await api().get('/api/alerts').set(auth()).expect(200)).body.data.find(
      (alert: { occurredAt: string }) => new Date(alert.occurredAt).getTime() >= RECENT * 1000,
    );
    expect(entries[0].alertId).toBe(recentAlert.id);
    // Deliveries: the one made 31 days ago is gone; both made today stay (the old event's alert was posted today).
    expect((await deliveryLog()).map((delivery) => delivery.id)).not.toContain(oldDelivery.toHexString());
    expect(await deliveryLog()).toHaveLength(2);
    // Sent mails: the old record gone, today's four kept.
    expect(await t.connection.collection('sent_mails').countDocuments({ _id: 'alert-mail:old:ops@example.com' } as never)).toBe(0);
    expect(await t.connection.collection('sent_mails').countDocuments({})).toBe(4);
  });
});
