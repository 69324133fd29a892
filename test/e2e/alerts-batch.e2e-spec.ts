// Jobs are looked for every 50 ms, so mails and deliveries show within seconds. The app reads
// these when it is built.
process.env.JOBS_POLL_MS = '50';
process.env.WEBHOOK_RETRY_SCALE = '0.00001';

import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';
import type { MailCatcher } from '../support/mail-catcher';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { createDepot, depotVisit } from './depot-fixtures';
import { closeWithAlertChannels, createWebhookEndpoint, startAlertChannels } from './alert-channel-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-alerts-batch-0123456789';

interface AlertView {
  id: string;
  ruleId: string;
  assetId: string;
  state: string;
  eventType: string;
  occurredAt: string;
}

/**
 * One ingestion batch that opens many alerts at once — several rules, several assets, a rule
 * cooling down within the batch and from an earlier one, starts resolved by their ends in the
 * same batch — through the real ingestion route, a real SMTP server and a real webhook receiver.
 * Then the same batch again, as a device resends it, and as a replay after a crash before the
 * acknowledgement (its events not marked told, some inbox entries lost): still exactly one alert,
 * one inbox entry per recipient, one mail per address and one delivery per endpoint each.
 */
describe('alerts: one ingestion batch opens many together', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let receiver: WebhookReceiver;
  let assets: TrackedFixture[];
  let english: TestUser;
  let limited: TestUser;
  let dispatcher: TestUser;
  const rules: Record<'enter' | 'cooling' | 'exit', string> = { enter: '', cooling: '', exit: '' };
  const endpoints: Record<'both' | 'opened', string> = { both: '', opened: '' };
  const T0 = Math.floor(Date.now() / 1000) - 3000;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  /** Into the depot at `at` + 10 s, out at `at` + 30 s. */
  const visit = (asset: TrackedFixture, at: number) => depotVisit(asset, T0 + at);
  const createRule = async (body: object) =>
    (
      await request(t.server)
        .post('/api/alert-rules')
        .set(auth())
        .send({ geofenceIds: [await depot()], ...body })
        .expect(201)
    ).body.data.id as string;
  let depotId = '';
  const depot = async () => (depotId ||= await createDepot(t, tenant.admin.token));
  const allAlerts = async (): Promise<AlertView[]> => (await request(t.server).get('/api/alerts?limit=200').set(auth()).expect(200)).body.data;
  /** The user's inbox entries as stored (the API would hide those of assets the user may not see). */
  const inboxOf = (user: TestUser) => t.connection.collection('notifications').find({ recipients: user.user._id }).toArray();
  /** The (alert, address) of every mail the SMTP server received: a mail sent twice is there twice. */
  const mailed = () => smtp.mails.map((mail) => `${/\/alerts\/([0-9a-f]{24})/.exec(mail.text ?? '')?.[1]} ${(mail.to as { text: string }).text}`).sort();
  const deliveries = () => t.connection.collection('webhook_deliveries').find({ clientId: tenant.clientId }).toArray();
  const pendingJobs = () => t.connection.collection('jobs').countDocuments({ name: { $in: ['mail.send', 'webhooks.deliver'] } });

  /** Who an alert tells: its rule's users who may see the asset, and its addresses. */
  const expectedMails = (alert: AlertView): string[] => {
    if (alert.ruleId === rules.cooling) return [dispatcher.email];
    if (alert.ruleId === rules.exit) return [tenant.admin.email];
    return [tenant.admin.email, english.email, 'ops@example.com', ...(alert.assetId === assets[0].assetId ? [limited.email] : [])];
  };
  const expectedInbox = (user: TestUser, alert: AlertView): boolean => expectedMails(alert).includes(user.email);

  beforeAll(async () => {
    ({ smtp, receiver } = await startAlertChannels());
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    assets = [];
    for (let i = 0; i < 5; i++) assets.push(await addAsset(t, tenant.clientId, { name: `Camión ${i}` }));
    english = await tenant.addUser({ permissions: [] });
    await request(t.server).patch(`/api/users/${english.user._id.toHexString()}`).set(auth()).send({ language: 'en' }).expect(200);
    limited = await tenant.addUser({ permissions: [], trackerIds: [assets[0].trackerId] });
    dispatcher = await tenant.addUser({ permissions: [] });
    endpoints.both = await createWebhookEndpoint(t, tenant.admin.token, `${receiver.url}/both`, ['alert.opened', 'alert.resolved']);
    endpoints.opened = await createWebhookEndpoint(t, tenant.admin.token, `${receiver.url}/opened`, ['alert.opened']);
  });
  afterAll(() => closeWithAlertChannels(t, { smtp, receiver }));

  it('opens every alert of the batch once and tells each channel once, also when the batch comes again or is replayed after a crash', async () => {
    // An hour's cooldown on three of the assets; the second asset's is claimed by an earlier batch.
    rules.cooling = await createRule({
      name: 'Entrada (1 h)',
      eventTypes: ['geofence.enter'],
      allAssets: false,
      assetIds: assets.slice(0, 3).map((a) => a.assetId),
      cooldownSeconds: 3600,
      recipients: { userIds: [dispatcher.user._id.toHexString()] },
    });
    await ingest(visit(assets[1], -1000));
    rules.enter = await createRule({
      name: 'Entrada',
      eventTypes: ['geofence.enter'],
      severity: 'critical',
      recipients: { userIds: [tenant.admin.user._id, english.user._id, limited.user._id].map(String), emails: ['Ops@Example.com'] },
    });
    rules.exit = await createRule({ name: 'Salida', eventTypes: ['geofence.exit'], recipients: { userIds: [tenant.admin.user._id.toHexString()] } });

    // Two visits of each asset in one batch, the assets' messages interleaved.
    const messagesOf = (asset: TrackedFixture) => [...visit(asset, 0), ...visit(asset, 100)];
    const batch = messagesOf(assets[0]).flatMap((_, k) => assets.map((asset) => messagesOf(asset)[k]));
    await ingest(batch);

    const alerts = await allAlerts();
    const count = (ruleId: string, asset: TrackedFixture) => alerts.filter((a) => a.ruleId === ruleId && a.assetId === asset.assetId).length;
    expect(assets.map((asset) => count(rules.enter, asset))).toEqual([2, 2, 2, 2, 2]);
    expect(assets.map((asset) => count(rules.exit, asset))).toEqual([2, 2, 2, 2, 2]);
    // Cooling down: the second entry of the batch, and every entry of the asset cooling from before.
    expect(assets.map((asset) => count(rules.cooling, asset))).toEqual([1, 1, 1, 0, 0]);
    expect(alerts.filter((a) => a.ruleId === rules.cooling && a.assetId === assets[1].assetId).map((a) => a.occurredAt)).toEqual([
      new Date((T0 - 1000 + 10) * 1000).toISOString(),
    ]);
    // Each entry was resolved by its exit in the same batch; an exit opens an alert already resolved (what it tells is over).
    expect(alerts.filter((a) => a.eventType === 'geofence.enter').every((a) => a.state === 'resolved')).toBe(true);
    expect(alerts.filter((a) => a.eventType === 'geofence.exit').every((a) => a.state === 'resolved')).toBe(true);

    const checkChannels = async (what: string) => {
      // One inbox entry per recipient who may see the asset.
      for (const user of [tenant.admin, english, limited, dispatcher]) {
        const entries = (await inboxOf(user)).map((entry) => String(entry.alertId)).sort();
        expect({ user: user.email, what, entries }).toEqual({
          user: user.email,
          what,
          entries: alerts
            .filter((alert) => expectedInbox(user, alert))
            .map((alert) => alert.id)
            .sort(),
        });
      }
      // One mail per address: every message the SMTP server received is counted, none collapsed.
      const expected = alerts.flatMap((alert) => expectedMails(alert).map((address) => `${alert.id} ${address}`)).sort();
      await eventually(async () => smtp.mails.length >= expected.length && (await pendingJobs()) === 0, `${what}: the mails and deliveries`, 30_000);
      expect(mailed()).toEqual(expected);
      expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(smtp.mails.length);
      // One delivery per subscribed endpoint and change, delivered under its own webhook-id.
      const resolved = alerts.filter((alert) => alert.state === 'resolved');
      const stored = await deliveries();
      expect(stored.filter((d) => d.type === 'alert.opened' && d.endpointId.equals(new Types.ObjectId(endpoints.both)))).toHaveLength(alerts.length);
      expect(stored.filter((d) => d.type === 'alert.opened' && d.endpointId.equals(new Types.ObjectId(endpoints.opened)))).toHaveLength(alerts.length);
      expect(stored.filter((d) => d.type === 'alert.resolved')).toHaveLength(resolved.length);
      expect(new Set(stored.map((d) => d.messageId)).size).toBe(stored.length);
      expect(stored.filter((d) => d.state !== 'succeeded')).toEqual([]);
      const ids = receiver.received.map((hook) => hook.headers['webhook-id'] as string);
      expect(ids.sort()).toEqual(stored.map((d) => d.messageId as string).sort());
      // One activity event per opening.
      const opened = await t.connection.collection('activity_events').find({ clientId: tenant.clientId, action: 'alert.open' }).toArray();
      expect(opened.map((event) => event.resourceId).sort()).toEqual(alerts.map((alert) => alert.id).sort());
    };
    await checkChannels('the batch');
    const mailsBefore = smtp.mails.length;

    // The same batch again (a device's resend): its events were told, nothing happens.
    await ingest(batch);
    await ingest([...batch].reverse());
    expect((await allAlerts()).map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
    await checkChannels('the batch resent');
    expect(smtp.mails.length).toBe(mailsBefore);

    // A replay after a crash before the acknowledgement: the events stored but not marked told,
    // the detectors' state not kept — in memory (a new process) nor stored, so the resend detects
    // the events again —, and the inbox entries of some of the batch's alerts lost. Every channel
    // is told again, once.
    await t.close();
    t = await createTestApp();
    await t.connection.collection('fleet_events').updateMany({ clientId: tenant.clientId }, { $set: { notifiedAt: null } });
    await t.connection.collection('asset_event_states').deleteMany({ clientId: tenant.clientId });
    await t.connection.collection('telemetry_tracker_states').deleteMany({ _id: { $in: assets.map((asset) => asset.trackerId.toHexString()) } } as never);
    const inBatch = alerts.filter((alert) => new Date(alert.occurredAt).getTime() >= T0 * 1000);
    const lost = inBatch.filter((alert) => alert.assetId === assets[0].assetId || alert.ruleId === rules.cooling).map((alert) => new Types.ObjectId(alert.id));
    expect((await t.connection.collection('notifications').deleteMany({ alertId: { $in: lost } })).deletedCount).toBeGreaterThan(0);
    await ingest(batch);
    expect((await allAlerts()).map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
    await checkChannels('the batch replayed');
  });
});
