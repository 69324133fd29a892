import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { groupBy } from '@app/database';
import { rutCheckDigit } from '@app/formats';
import { createTestApp, TestApp } from '@app/testing';
import { Types } from 'mongoose';
import { FieldType } from '../../src/forms/form-field-types';
import { costEntries, daysAgo, insertCustomTariff } from '../e2e/fuel-fixtures';
import { addAsset, TrackedFixture } from '../e2e/positions-fixtures';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, descendantsOf, killHard, startAppProcess, stillRunning } from '../support/app-process';
import { PortalStub, startPortalStub } from '../support/portal-stub';
import { WebhookReceiver } from '../support/webhook-receiver';

/** Kills at random moments (each cycle: start, traffic for a moment, kill), this many, then a last start. */
const KILLS = 20;
/** Mails one instance sends at once (the mail job's concurrency): what a kill may catch between a send and its record. */
const MAILS_IN_FLIGHT = 4;
/** How long the traffic runs before each kill: at least the first, at most both. */
const TRAFFIC_MS = [800, 4000] as const;
// The traffic is bounded, not only the time: a fast machine would otherwise write so much that
// the checks afterwards outlast the test (386 imports of 1 000 rows in one run here).
const MAX_IMPORTS = 80;
const MAX_PRICE_CHANGES = 60;
const MAX_INSPECTIONS = 300;
const MAX_TICKETS = 120;
/** Between two inspections, two tickets: so that they last through every cycle, and a kill finds them. */
const PACE_MS = 150;
/** The portal's time-out for the app: an attempt killed mid-call is over (for its retry) this much + 5 s later. */
const PORTAL_TIMEOUT_MS = 2000;
/** The orphan sweep's second pass comes 15 s after the last boot; a margin for this machine. */
const SWEPT_WITHIN_MS = 45_000;
/** The app's start-up, from spawn to a healthy answer, on this 2-core machine from sources. */
const START_BOUND_MS = 60_000;
const INGEST_TOKEN = 'crash-recovery-ingest-token-0123456789';
const COST_ENTRIES = 2000;
const POINTS_PER_BATCH = 240;
/** A depot geofence on every this-many telemetry batches' stretch of road: each tracker enters and leaves it once. */
const FENCE_EVERY = 5;
const FENCES = 150 / FENCE_EVERY;
/**
 * How long the webhook receiver answers 503 to everything from the first start: an outage spanning
 * several kills. Bounded in time, not in cycles: five cycles of slow start-ups can make an outage
 * long enough that a delivery's next attempt (the 7th, 3 min after the 6th at this scale) falls
 * after the wait at the end.
 */
const RECEIVER_DOWN_MS = 60_000;
/** The retry schedule twenty times faster (5 s → 0.25 s, 2 min → 6 s, 10 min → 30 s), so an outage of a minute spans its first five attempts. */
const WEBHOOK_RETRY_SCALE = '0.05';

/**
 * The app killed with SIGKILL at random moments under mixed writes (driver imports of 1000 rows,
 * telemetry batches resent until acknowledged, fuel price changes, critical inspections opening
 * work orders, support tickets through the portal stub resent with their Idempotency-Key until
 * acknowledged), restarted each time on the same database (the run's server, which outlives the
 * app). Afterwards: every 2xx is stored, no telemetry point counted twice, every price change
 * completed once, no inspection without its work order nor the reverse, no duplicate ticket,
 * nothing left running, and each restart healthy within its bound. The telemetry
 * enters depots that an alert rule watches: one alert per entry, none lost or twice,
 * one inbox entry and one mail each, and every webhook delivery succeeded after a receiver
 * outage spanning several kills, each message under one webhook-id.
 */
describe('the app killed at random moments under write traffic', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let trackers: TrackedFixture[];
  let tariffId: Types.ObjectId;
  let app: AppProcess | undefined;
  let portal: PortalStub;
  let inspected: { assetId: string; formId: string; critical: string; ok: string };
  let receiver: WebhookReceiver;
  let smtp: SMTPServer;
  const mails: ParsedMail[] = [];
  let receiverDownUntil = Infinity;

  beforeAll(async () => {
    // In this process: it outlives every app, so the tickets it holds are the portal's truth.
    portal = await startPortalStub();
    // The receiver and the SMTP server outlive every app, like the portal.
    receiver = await new WebhookReceiver().start();
    receiver.answer = () => (Date.now() < receiverDownUntil ? 503 : 200);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => void simpleParser(stream).then((mail) => (mails.push(mail), done()), done),
    });
    // An app killed in the middle of a mail resets its connection: smtp-server emits that on the
    // server, and unhandled it ended the run ("read ECONNRESET"). What matters is checked below.
    smtp.on('error', () => undefined);
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', () => done()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    process.env.WEBHOOK_RETRY_SCALE = WEBHOOK_RETRY_SCALE;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    trackers = [await addAsset(t, tenant.clientId), await addAsset(t, tenant.clientId)];
    ({ tariffId } = await insertCustomTariff(t.connection, tenant.clientId));
    await t.connection.collection('fuel_cost_entries').insertMany(costEntries(tenant.clientId, tariffId, COST_ENTRIES, daysAgo(1), 1000));
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const asset = await fixtures.asset({ name: 'Camión 07' });
    const [flat, ok] = [option('Pinchado', true), option('Bien')];
    const form = await fixtures.form({
      name: 'Pre-viaje',
      assetIds: [asset._id],
      fields: [{ fieldId: 'tyres', type: FieldType.Select, label: 'Neumáticos', required: true, options: [ok, flat] }],
    });
    inspected = { assetId: asset._id.toHexString(), formId: form._id.toHexString(), critical: flat.optionId, ok: ok.optionId };
    await alertSetUp(t, tenant, trackers, receiver.url);
  }, 120_000);
  afterAll(async () => {
    if (app) await killHard(app);
    await t?.close();
    await portal?.close();
    await receiver?.close();
    await new Promise<void>((done) => (smtp ? smtp.close(() => done()) : done()));
    delete process.env.SMTP_URL;
    delete process.env.WEBHOOK_RETRY_SCALE;
  });

  it('loses no acknowledged write, counts nothing twice, finishes every price change', async () => {
    const env = {
      MONGODB_URI: process.env.MONGODB_URI as string,
      NODE_ENV: 'development',
      RATE_LIMIT_ENABLED: 'false',
      TELEMETRY_INGEST_TOKENS: INGEST_TOKEN,
      BILLING_PORTAL_URL: portal.url,
      BILLING_PORTAL_TOKEN: portal.token,
      BILLING_PORTAL_TIMEOUT_MS: String(PORTAL_TIMEOUT_MS),
      SMTP_URL: process.env.SMTP_URL as string,
      WEBHOOK_RETRY_SCALE,
    };
    const auth = { authorization: `Bearer ${tenant.admin.apiToken}`, 'content-type': 'application/json' };
    const acknowledgedRuts: string[] = [];
    const telemetry = telemetryPlan(trackers);
    const priceChanges = { acknowledged: [] as number[], interrupted: [] as number[], next: 1001 };
    let importCount = 0;
    const inspections = { acknowledged: [] as Array<{ id: string; workOrderId: string | null }>, sent: 0 };
    const tickets = { acknowledged: new Map<number, string>(), next: 0, sends: 0, inProgress: 0 };
    const startTimes: number[] = [];
    const leftovers: string[] = [];
    let kills = 0;
    let killsInOutage = 0;
    const began = Date.now();
    receiverDownUntil = began + RECEIVER_DOWN_MS;
    let orphansAtLastStart = 0;

    const post = (url: string, path: string, body: unknown, headers: Record<string, string>, method = 'POST') =>
      fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });

    for (let cycle = 0; ; cycle++) {
      const spawned = Date.now();
      app = await startAppProcess({ env, startTimeoutMs: START_BOUND_MS });
      startTimes.push(Date.now() - spawned);
      const last = kills >= KILLS;
      const { url } = app;
      let alive = true;

      const importer = async () => {
        while (alive && importCount < MAX_IMPORTS) {
          const base = 40_000_000 + importCount++ * 1000;
          const rows = Array.from({ length: 1000 }, (_, i) => {
            const body = String(base + i);
            return { row: i + 2, firstName: 'Caída', lastName: `Brusca ${base + i}`, rut: `${body}-${rutCheckDigit(body)}` };
          });
          const res = await post(url, '/api/drivers/import', { rows }, auth).catch(() => undefined);
          if (!res) return;
          if (res.status === 201) acknowledgedRuts.push(...rows.map((row) => row.rut));
        }
      };
      const ingester = async () => {
        // A batch is resent, across restarts, until acknowledged; then the next one.
        while (alive && telemetry.next < telemetry.batches.length) {
          const res = await post(url, '/api/telemetry/flespi', telemetry.batches[telemetry.next], {
            authorization: `Bearer ${INGEST_TOKEN}`,
            'content-type': 'application/json',
          }).catch(() => undefined);
          if (!res) return;
          if (res.status !== 200) throw new Error(`telemetry answered ${res.status}: ${await res.text()}`);
          telemetry.next++;
        }
      };
      const inspector = async () => {
        // Two in three critical: each of those writes its work order, then its inspection.
        while (alive && inspections.sent < MAX_INSPECTIONS) {
          const critical = inspections.sent++ % 3 !== 2;
          const answers = [{ fieldId: 'tyres', value: critical ? inspected.critical : inspected.ok }];
          const res = await post(url, '/api/inspections', { assetId: inspected.assetId, formId: inspected.formId, answers }, auth).catch(() => undefined);
          if (!res) return;
          if (res.status !== 201) throw new Error(`inspection answered ${res.status}: ${await res.text()}`);
          // Killed while the answer's body was on its way: not acknowledged.
          const answer = (await res.json().catch(() => undefined)) as { data: { id: string; workOrderId: string | null } } | undefined;
          if (!answer) return;
          inspections.acknowledged.push(answer.data);
          await new Promise((done) => setTimeout(done, PACE_MS));
        }
      };
      const ticketer = async () => {
        // A ticket is resent with its key, across restarts, until acknowledged; then the next one.
        while (alive && tickets.next < MAX_TICKETS) {
          const n = tickets.next;
          tickets.sends++;
          const res = await post(url, '/api/support/tickets', ticketBody(n), { ...auth, 'idempotency-key': `crash-ticket-${n}` }).catch(() => undefined);
          if (!res) return;
          if (res.status === 409) {
            // The killed attempt's portal call may still be running: its time-out, then again.
            tickets.inProgress++;
            await new Promise((done) => setTimeout(done, 1000));
            continue;
          }
          if (res.status !== 201) throw new Error(`ticket answered ${res.status}: ${await res.text()}`);
          const answer = (await res.json().catch(() => undefined)) as { ticket: { id: string } } | undefined;
          if (!answer) return;
          tickets.acknowledged.set(n, answer.ticket.id);
          tickets.next++;
          await new Promise((done) => setTimeout(done, PACE_MS));
        }
      };
      const pricer = async () => {
        while (alive && priceChanges.next < 1001 + MAX_PRICE_CHANGES) {
          const price = priceChanges.next++;
          const res = await post(url, `/api/fuel-tariffs/${tariffId.toHexString()}`, { pricePerLiter: price }, auth, 'PATCH').catch(() => undefined);
          if (!res) return void priceChanges.interrupted.push(price);
          if (res.status !== 200) throw new Error(`price change answered ${res.status}: ${await res.text()}`);
          priceChanges.acknowledged.push(price);
        }
      };

      if (last) {
        // The final run: finish the telemetry still unacknowledged, let the resumer finish.
        // The final run: finish the telemetry and the ticket still unacknowledged, let the resumer
        // and the orphan sweep finish.
        alive = true;
        await Promise.all([ingester(), ticketer()]);
        await untilNoPendingPriceChange(t, 60_000);
        await untilNoPendingDelivery(t, tenant, 240_000);
        await untilLogCompacted(t, 60_000);
        orphansAtLastStart = await untilNoOrphanOrder(t, tenant, SWEPT_WITHIN_MS);
        break;
      }
      const traffic = Promise.all([importer(), ingester(), pricer(), inspector(), ticketer()]);
      await new Promise((done) => setTimeout(done, TRAFFIC_MS[0] + Math.random() * (TRAFFIC_MS[1] - TRAFFIC_MS[0])));
      const started = descendantsOf(app.child.pid as number);
      await killHard(app);
      alive = false;
      kills++;
      if (Date.now() < receiverDownUntil) killsInOutage++;
      await traffic;
      await new Promise((done) => setTimeout(done, 2000));
      leftovers.push(...stillRunning(started).map(({ pid, command }) => `${pid} ${command.slice(0, 120)}`));
    }

    console.log(
      `crash recovery: ${kills} kills in ${Math.round((Date.now() - began) / 1000)} s (${killsInOutage} in the receiver's outage); ${acknowledgedRuts.length / 1000} imports acknowledged; ` +
        `${telemetry.batches.length} telemetry batches; price changes ${priceChanges.acknowledged.length} acknowledged, ` +
        `${priceChanges.interrupted.length} interrupted; inspections ${inspections.acknowledged.length} acknowledged of ${inspections.sent} sent ` +
        `(${orphansAtLastStart} orphan orders left for the last start's sweep); ` +
        `tickets ${tickets.acknowledged.size} acknowledged in ${tickets.sends} sends (${tickets.inProgress} answered 409 in progress); ` +
        `start-up ${Math.min(...startTimes)}-${Math.max(...startTimes)} ms`,
    );
    expect(kills).toBe(KILLS);
    expect(killsInOutage).toBeGreaterThanOrEqual(2);
    expect(leftovers).toEqual([]);
    expect(Math.max(...startTimes)).toBeLessThan(START_BOUND_MS);

    // Every acknowledged import is stored.
    const stored = new Set(
      (
        await t.connection
          .collection('drivers')
          .find({ clientId: tenant.clientId }, { projection: { rut: 1 } })
          .toArray()
      ).map((d) => d.rut),
    );
    expect(acknowledgedRuts.filter((rut) => !stored.has(rut))).toEqual([]);

    // Every acknowledged inspection stored with its work order, and after the sweep no inspection
    // without its order nor an inspection order without its inspection.
    const storedInspections = await t.connection.collection('inspections').find({ clientId: tenant.clientId }).toArray();
    const orders = await t.connection.collection('work_orders').find({ clientId: tenant.clientId, category: 'inspection' }).toArray();
    const inspectionIds = new Set(storedInspections.map((i) => i._id.toHexString()));
    const orderIds = new Set(orders.map((o) => o._id.toHexString()));
    expect(inspections.acknowledged.filter(({ id }) => !inspectionIds.has(id))).toEqual([]);
    expect(storedInspections.filter((i) => i.critical && !(i.workOrderId && orderIds.has(i.workOrderId.toHexString()))).map((i) => i._id)).toEqual([]);
    expect(storedInspections.filter((i) => !i.critical && i.workOrderId).map((i) => i._id)).toEqual([]);
    expect(orders.filter((o) => !inspectionIds.has(o.inspection.inspectionId.toHexString())).map((o) => o._id)).toEqual([]);
    const byOrder = new Map(storedInspections.filter((i) => i.workOrderId).map((i) => [i.workOrderId.toHexString(), i._id.toHexString()]));
    expect(orders.filter((o) => byOrder.get(o._id.toHexString()) !== o.inspection.inspectionId.toHexString()).map((o) => o._id)).toEqual([]);

    // Every acknowledged ticket is in the portal, and no ticket was created twice: one per key at most.
    const portalTickets = await listPortalTickets(portal, tenant);
    for (const [n, id] of tickets.acknowledged) expect(portal.ticket(id)?.title).toBe(ticketBody(n).title);
    const perTitle = new Map<string, number>();
    for (const ticket of portalTickets) perTitle.set(ticket.title, (perTitle.get(ticket.title) ?? 0) + 1);
    expect([...perTitle].filter(([, count]) => count > 1)).toEqual([]);
    expect(tickets.acknowledged.size).toBe(MAX_TICKETS);

    // Every point once: in the hours, and in the day summaries built from them.
    for (const tracker of trackers) {
      const hours = await t.connection.collection('telemetry_hours').find({ trackerId: tracker.trackerId }).toArray();
      const days = await t.connection.collection('telemetry_days').find({ trackerId: tracker.trackerId }).toArray();
      const sent = telemetry.pointsOf.get(tracker.vendorId);
      expect(hours.reduce((sum, hour) => sum + hour.n, 0)).toBe(sent);
      expect(days.reduce((sum, day) => sum + Object.values(day.hours as Record<string, { positions: number }>).reduce((s, h) => s + h.positions, 0), 0)).toBe(
        sent,
      );
      // The steps after the write were finished too (by a resend, when a kill fell between them).
      const latest = await t.connection.collection('telemetry_latest').findOne({ _id: tracker.trackerId.toHexString() } as never);
      expect(latest?.ts).toBe(telemetry.lastTsOf.get(tracker.vendorId));
    }

    // Every price change that was started finished once: versions without gaps, all completed,
    // each re-valued every cost entry of the tariff, one open validity, entries at the last price.
    const jobs = await t.connection.collection('fuel_price_changes').find({ tariffId }).sort({ version: 1 }).toArray();
    expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
    expect(jobs.map((job) => job.version)).toEqual(jobs.map((_, i) => i + 1));
    expect(jobs.filter((job) => job.revaluedCount !== COST_ENTRIES).map((job) => [job.version, job.revaluedCount])).toEqual([]);
    const applied = new Set(jobs.map((job) => job.after.pricePerLiter));
    expect(priceChanges.acknowledged.filter((price) => !applied.has(price))).toEqual([]);
    const tariff = await t.connection.collection('fuel_tariffs').findOne({ _id: tariffId });
    expect(tariff?.priceVersion).toBe(jobs.length);
    expect(tariff?.pricePerLiter).toBe(jobs.at(-1)?.after.pricePerLiter ?? 1000);
    expect(await t.connection.collection('fuel_price_records').countDocuments({ tariffId, validTo: null })).toBe(1);
    const prices = await t.connection.collection('fuel_cost_entries').distinct('pricePerLiter', { tariffId });
    expect(prices).toEqual([tariff?.pricePerLiter]);

    // One alert per depot entry, none lost, none twice: each tracker entered every depot once.
    const entries = await t.connection.collection('fleet_events').find({ clientId: tenant.clientId, type: 'geofence.enter' }).toArray();
    // A depot entered twice names both entries (when, whether interpolated, when detected): what a failed run needs to be read.
    const byDepot = groupBy(entries, (event) => `${event.assetName} ${event.details.geofenceName}`);
    const enteredTwice = [...byDepot]
      .filter(([, events]) => events.length > 1)
      .map(([key, events]) => [
        key,
        events.map(
          (event) => `${event.occurredAt.toISOString()}${event.details.interpolated ? ' interpolated' : ''} detected ${event.detectedAt.toISOString()}`,
        ),
      ]);
    expect(enteredTwice).toEqual([]);
    expect(entries).toHaveLength(FENCES * trackers.length);
    const alerts = await t.connection.collection('alerts').find({ clientId: tenant.clientId }).toArray();
    expect(alerts.map((alert) => alert.eventIds[0].toHexString()).sort()).toEqual(entries.map((event) => event._id.toHexString()).sort());
    // Each resolved by its exit, in the same or a later batch.
    expect(alerts.filter((alert) => alert.state !== 'resolved').map((alert) => alert._id)).toEqual([]);
    // One inbox entry and one mail per alert. Every message the SMTP server received counts: the
    // only copies allowed are those of a kill between the SMTP server's acceptance and the record
    // of the sent mail (SMTP has no idempotency) — at most the mails in flight at each kill — and
    // such a copy carries the same Message-ID (derived from its key).
    const inbox = await t.connection.collection('notifications').find({ clientId: tenant.clientId, kind: 'alert' }).toArray();
    expect(inbox.map((entry) => entry.alertId.toHexString()).sort()).toEqual(alerts.map((alert) => alert._id.toHexString()).sort());
    const distinctMails = () => new Map(mails.map((mail) => [mail.messageId, /\/alerts\/([0-9a-f]{24})/.exec(mail.text ?? '')?.[1]]));
    await untilCount(() => distinctMails().size, alerts.length, 60_000, 'alert mails');
    expect([...distinctMails().values()].sort()).toEqual(alerts.map((alert) => alert._id.toHexString()).sort());
    expect(mails.length - distinctMails().size).toBeLessThanOrEqual(KILLS * MAILS_IN_FLIGHT);
    // Every delivery (2 endpoints × opened and resolved per alert) succeeded, after the outage,
    // each message under one webhook-id however many attempts and kills it took.
    const deliveries = await t.connection.collection('webhook_deliveries').find({ clientId: tenant.clientId }).toArray();
    expect(deliveries).toHaveLength(alerts.length * 2 * 2);
    expect(deliveries.filter((delivery) => delivery.state !== 'succeeded').map((delivery) => [delivery.type, delivery.state, delivery.error])).toEqual([]);
    const seen = receiver.received.filter((hook) => deliveries.some((delivery) => delivery.messageId === hook.headers['webhook-id']));
    const messageIds = new Set(deliveries.map((delivery) => delivery.messageId as string));
    expect(messageIds.size).toBe(deliveries.length);
    // The receiver saw every message, and never one alert change under two webhook-ids.
    expect([...messageIds].filter((id) => !seen.some((hook) => hook.headers['webhook-id'] === id))).toEqual([]);
    const idsPerChange = new Map<string, Set<string>>();
    for (const hook of seen) {
      const { type, data } = JSON.parse(hook.body) as { type: string; data: { id: string } };
      const key = `${hook.path}|${type}|${data.id}`;
      idsPerChange.set(key, (idsPerChange.get(key) ?? new Set()).add(hook.headers['webhook-id'] as string));
    }
    expect(idsPerChange.size).toBe(deliveries.length);
    expect([...idsPerChange].filter(([, ids]) => ids.size > 1)).toEqual([]);
  }, 600_000);
});

/** Batches of flespi messages for the trackers, each timestamp once, in order. */
function telemetryPlan(trackers: readonly TrackedFixture[]) {
  const batches: object[][] = [];
  const pointsOf = new Map<number, number>();
  const lastTsOf = new Map<number, number>();
  // Far enough back that the last point (about 12.5 days of 30-s fixes later) is not ahead of the clock.
  const start = Math.floor(Date.now() / 1000) - 20 * 86_400;
  for (let b = 0; b < 150; b++) {
    const batch: object[] = [];
    for (const { vendorId } of trackers) {
      for (let i = 0; i < POINTS_PER_BATCH / trackers.length; i++) {
        const n = b * POINTS_PER_BATCH + i;
        batch.push({
          'device.id': vendorId,
          timestamp: start + n * 30,
          'position.latitude': -33.45 + n * 1e-4,
          'position.longitude': -70.66,
          'position.speed': 40 + (n % 20),
          'engine.ignition.status': true,
        });
        pointsOf.set(vendorId, (pointsOf.get(vendorId) ?? 0) + 1);
        lastTsOf.set(vendorId, start + n * 30);
      }
    }
    batches.push(batch);
  }
  return { batches, pointsOf, lastTsOf, next: 0 };
}

/** The telemetry log written into the hour buckets by the background compaction (docs/telemetry.md, "Ingestion at fleet scale"). */
async function untilLogCompacted(t: TestApp, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await t.connection.collection('telemetry_log').countDocuments({})) > 0) {
    if (Date.now() > deadline) throw new Error('telemetry log still holds entries after the restart');
    await new Promise((done) => setTimeout(done, 250));
  }
}

async function untilNoPendingPriceChange(t: TestApp, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await t.connection.collection('fuel_price_changes').countDocuments({ state: 'pending' })) > 0) {
    if (Date.now() > deadline) throw new Error('price changes still pending after the restart');
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * A depot on every FENCE_EVERY-th batch's stretch of road (both trackers drive it: see
 * telemetryPlan), an alert rule on entering one with the admin as recipient (inbox and mail), and
 * two webhook endpoints on the receiver for the alert's opening and resolution.
 */
async function alertSetUp(t: TestApp, tenant: TestTenant, trackers: readonly TrackedFixture[], receiverUrl: string): Promise<void> {
  const auth = { Authorization: `Bearer ${tenant.admin.token}` };
  for (let b = 0; b < 150; b += FENCE_EVERY) {
    // The batch's points span 0.0119° of latitude northwards from its start: the depot (300 m) sits inside that stretch.
    const lat = -33.45 + b * POINTS_PER_BATCH * 1e-4 + 0.006;
    await request(t.server)
      .post('/api/geofences')
      .set(auth)
      .send({ name: `Depósito ${b}`, geometry: { type: 'Point', coordinates: [-70.66, lat] }, radiusM: 300 })
      .expect(201);
  }
  await request(t.server)
    .post('/api/alert-rules')
    .set(auth)
    .send({
      name: 'Llegada a depósito',
      eventTypes: ['geofence.enter'],
      allAssets: false,
      assetIds: trackers.map((tracker) => tracker.assetId),
      recipients: { userIds: [tenant.admin.user._id.toHexString()] },
    })
    .expect(201);
  for (const path of ['/erp', '/tms']) {
    await request(t.server)
      .post('/api/webhook-endpoints')
      .set(auth)
      .send({ url: `${receiverUrl}${path}`, eventTypes: ['alert.opened', 'alert.resolved'] })
      .expect(201);
  }
}

async function untilNoPendingDelivery(t: TestApp, tenant: TestTenant, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  const deliveries = t.connection.collection('webhook_deliveries');
  while ((await deliveries.countDocuments({ clientId: tenant.clientId, state: 'pending' })) > 0) {
    if (Date.now() > deadline) {
      // What is left, and the jobs that should attempt it: enough to tell a lost job from a long wait.
      const left = await deliveries.find({ clientId: tenant.clientId, state: 'pending' }).limit(5).toArray();
      const jobs = await t.connection.collection('jobs').find({ name: 'webhooks.deliver' }).toArray();
      const jobsOf = (id: string) =>
        jobs
          .filter((job) => job.key === id || (job.payload?.deliveryIds ?? []).includes(id))
          .map((job) => ({ key: job.key, state: job.state, runAt: job.runAt, leaseUntil: job.leaseUntil, lastError: job.lastError }));
      const detail = left.map((d) => ({
        id: d._id.toHexString(),
        attempt: d.attempt,
        nextAttemptAt: d.nextAttemptAt,
        error: d.error,
        jobs: jobsOf(d._id.toHexString()),
      }));
      throw new Error(`webhook deliveries still pending after the restart: ${JSON.stringify(detail)}`);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

async function untilCount(count: () => number, expected: number, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (count() < expected) {
    if (Date.now() > deadline) throw new Error(`${what}: ${count()} of ${expected}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

function ticketBody(n: number) {
  return { title: `Caída brusca ${n}`, description: 'El equipo dejó de reportar.', category: 'technical' };
}

/** The client's tickets as the portal stub holds them, through its own API. */
async function listPortalTickets(portal: PortalStub, tenant: TestTenant): Promise<Array<{ id: string; title: string }>> {
  const res = await fetch(`${portal.url}/tickets?clientId=${tenant.clientId.toHexString()}`, { headers: { authorization: `Bearer ${portal.token}` } });
  return ((await res.json()) as { tickets: Array<{ id: string; title: string }> }).tickets;
}

/**
 * Waits for the boot sweep (at boot, and 15 s later) to remove the work orders of killed
 * submissions; returns how many it found at first.
 */
async function untilNoOrphanOrder(t: TestApp, tenant: TestTenant, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let first: number | undefined;
  for (;;) {
    const inspections = new Set(
      (
        await t.connection
          .collection('inspections')
          .find({ clientId: tenant.clientId }, { projection: { _id: 1 } })
          .toArray()
      ).map((i) => i._id.toHexString()),
    );
    const orders = await t.connection
      .collection('work_orders')
      .find({ clientId: tenant.clientId, category: 'inspection' }, { projection: { inspection: 1 } })
      .toArray();
    const orphans = orders.filter((o) => !inspections.has(o.inspection.inspectionId.toHexString())).length;
    first ??= orphans;
    if (orphans === 0) return first;
    if (Date.now() > deadline) throw new Error('work orders of interrupted inspections still there after the restart');
    await new Promise((done) => setTimeout(done, 500));
  }
}
