// Alerts and notifications (issue 27): HTTP ingestion in a client whose alert rule opens an alert
// on every ignition turned on, told to 10 recipients' inboxes and 3 webhook endpoints, against
// the same load in a client without rules, in alternating rounds of the same run (target ≥ 0.9×);
// and from the ingestion request's answer to the alert's entry on a recipient's inbox stream
// (target p99 < 1 s). Set-up in bulk through ctx.db and the app's own password hasher.
const { get } = require('node:http');
const { join } = require('node:path');
const { Types } = require('mongoose');
const { ingestLoad, INGEST_TOKEN } = require('../lib/ingest-load');
const { addTrackers } = require('../lib/trackers');
const { ingestRound } = require('../lib/ingest-rounds');

const { hashPassword } = require(join(__dirname, '../../dist/libs/auth/src/passwords/password-hasher.js'));

const ASSETS = 1000;
const BATCH = 1000;
const ROUNDS = 3;
const RECIPIENTS = 10;
const ENDPOINTS = 3;
const PASSWORD = 'Bench-alerts-password-2026!';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A client of its own, with a protected role. */
async function newClient(ctx, name) {
  const now = new Date();
  const { insertedId: clientId } = await ctx.db.collection('clients').insertOne({ name, timeZone: 'America/Santiago', createdAt: now, updatedAt: now });
  const { insertedId: roleId } = await ctx.db.collection('roles').insertOne({ clientId, name: 'Admin', permissions: ['access_alerts'], protected: true, createdAt: now, updatedAt: now });
  return { clientId, roleId };
}

/**
 * The rules client's rule (every `ignition.on`, no cooldown) with 10 recipients, and 3 webhook
 * endpoints subscribed to `alert.opened`. In production mode an endpoint must be https and
 * public: these point at a reserved documentation address, so each delivery is stored, queued and
 * refused by the network guard at its attempt — the publishing side's whole cost, without a
 * receiver (the e2e tests deliver to real ones).
 */
async function addRule(ctx, { clientId, roleId }) {
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: RECIPIENTS }, (_, i) => ({ _id: new Types.ObjectId(), clientId, email: `alerts-bench-${clientId}-${i}@bench.test`, name: `Recipient ${i}`, passwordHash, roleId, trackerScope: { all: true, trackerIds: [] }, active: true, language: 'es', createdAt: now, updatedAt: now }));
  await ctx.db.collection('users').insertMany(users);
  await ctx.db.collection('alert_rules').insertOne({
    clientId, name: 'Encendido', enabled: true, eventTypes: ['ignition.on'], allAssets: true, assetIds: [], groupIds: [], geofenceIds: [], schedule: null,
    minDurationSeconds: 0, cooldownSeconds: 0, severity: 'info', recipients: { userIds: users.map((user) => user._id), emails: [] }, createdAt: now, updatedAt: now,
  });
  await ctx.db.collection('webhook_endpoints').insertMany(Array.from({ length: ENDPOINTS }, (_, i) => ({
    clientId, url: `https://198.51.100.${10 + i}/hooks`, description: `Bench ${i}`, eventTypes: ['alert.opened'], enabled: true,
    secrets: [{ secret: `whsec_${Buffer.alloc(32, i + 1).toString('base64')}`, expiresAt: null }], failingSince: null, disabledAt: null, disabledReason: null, createdAt: now, updatedAt: now,
  })));
  return users[0];
}

/**
 * Flespi messages whose ignition turns on and off every 10 s of each tracker's fix time: a batch
 * of 1 000 (one message per tracker) turns ~50 on — ~50 alerts per batch in the rules client.
 * (An ignition turned at every message, ~500 alerts per batch, took one batch over 300 s: see
 * docs/performance.md, "Alerts and notifications".)
 */
function withIgnition(load) {
  return {
    ...load,
    nextRequest: (request) => {
      const next = load.nextRequest(request);
      const messages = JSON.parse(next.body).map((message) => ({ ...message, 'engine.ignition.status': Math.floor(message.timestamp / 10) % 2 === 0 }));
      return { ...next, body: JSON.stringify(messages) };
    },
  };
}

async function throughput(ctx) {
  const uri = `mongodb://${ctx.db.host}:${ctx.db.port}/${ctx.db.name}`;
  const plainClient = await newClient(ctx, 'Bench without alert rules');
  const rulesClient = await newClient(ctx, 'Bench with alert rules');
  await addRule(ctx, rulesClient);
  const offsetOf = (i) => [(Math.floor(i / 32) - 16) * 0.011, ((i % 32) - 16) * 0.011];
  const plain = { name: 'no rules', load: withIgnition(await ingestLoad({ uri, clientId: plainClient.clientId.toHexString(), trackers: ASSETS, batch: BATCH, offsetOf, startAgoS: 600 })) };
  const rules = { name: `a rule on every ignition, ${RECIPIENTS} recipients, ${ENDPOINTS} endpoints`, load: withIgnition(await ingestLoad({ uri, clientId: rulesClient.clientId.toHexString(), trackers: ASSETS, batch: BATCH, offsetOf, startAgoS: 600 })) };
  const round = ({ load }, seconds) => ingestRound(ctx, load, seconds);
  for (const variant of [plain, rules]) await round(variant, 5);
  const figures = new Map([[plain, []], [rules, []]]);
  const alertsBefore = await ctx.db.collection('alerts').countDocuments({ clientId: rulesClient.clientId });
  let rulesSeconds = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of r % 2 === 0 ? [plain, rules] : [rules, plain]) {
      const figure = await round(variant, Math.max(ctx.seconds, 10));
      figures.get(variant).push(figure);
      if (variant === rules) rulesSeconds += figure.elapsed;
    }
  }
  const opened = (await ctx.db.collection('alerts').countDocuments({ clientId: rulesClient.clientId })) - alertsBefore;
  for (const [variant, rows] of figures) {
    ctx.note(`POST /api/telemetry/flespi, ${ASSETS} assets, ${variant.name}: messages/s (median of ${ROUNDS} rounds, batches of ${BATCH}, 4 at once)`, Math.round(median(rows.map((row) => row.rate))), 'messages/s');
    ctx.note(`… ${variant.name}: app CPU per message`, Math.round(median(rows.map((row) => row.usPerMessage))), 'µs');
  }
  ctx.note(`Alerts opened per second in the rules rounds (each told to ${RECIPIENTS} inboxes and ${ENDPOINTS} endpoints)`, Math.round(opened / rulesSeconds), 'alerts/s');
  const ratios = figures.get(rules).map((row, i) => row.rate / figures.get(plain)[i].rate);
  ctx.note('Ingestion with the alert rule ÷ without, same run (median of the rounds\' ratios; target ≥ 0.9)', Math.round(median(ratios) * 100) / 100, '');
  const inbox = await ctx.db.collection('notifications').countDocuments({ clientId: rulesClient.clientId });
  const deliveries = await ctx.db.collection('webhook_deliveries').countDocuments({ clientId: rulesClient.clientId });
  ctx.note('Inbox entries and webhook deliveries written for them', `${inbox} / ${deliveries}`, '');
}

/** An SSE reader of `notification` frames: `onEntry(data, arrivedAt)`. */
function openInbox(ctx, token, onEntry) {
  return new Promise((resolve, reject) => {
    const req = get(`${ctx.baseUrl}/api/notifications/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`inbox stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      res.on('data', (chunk) => {
        const at = Date.now();
        buffer += chunk;
        if (!ready) (ready = true), resolve(req);
        const frames = buffer.split('\n\n');
        buffer = frames.pop();
        for (const frame of frames) {
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (frame.includes('event: notification') && data) onEntry(JSON.parse(data.slice(6)), at);
        }
      });
    });
    req.on('error', reject);
  });
}

/**
 * 100 trackers of a rules client, one message a second each (10 batches of 10 every 100 ms) for
 * `seconds`; each tracker's ignition turns on every 10 s (staggered): ~5 alerts a second. The
 * latency of an alert: from the answer to the request whose message opened it, to its entry on a
 * recipient's inbox stream.
 */
async function ackToInbox(ctx, seconds = 20) {
  const client = await newClient(ctx, 'Bench alert latency');
  const recipient = await addRule(ctx, client);
  const trackers = await addTrackers(ctx.db, { clientId: client.clientId.toHexString(), count: 100, vendorBase: 8_700_000, label: 'Alerts' });
  const login = await fetch(`${ctx.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: recipient.email, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const token = (await login.json()).data.token;
  const answeredAt = new Map(); // `${assetId}|${occurredAt ms}` → when its request was answered
  const arrivals = [];
  const stream = await openInbox(ctx, token, (entry, at) => arrivals.push({ entry, at }));
  const start = Math.floor(Date.now() / 1000) - 600;
  const ignitionAt = (i, s) => Math.floor((s + i) / 5) % 2 === 0;
  const post = async (messages) => {
    const res = await fetch(`${ctx.baseUrl}/api/telemetry/flespi`, { method: 'POST', headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(messages) });
    if (!res.ok) throw new Error(`ingestion answered ${res.status}`);
    await res.arrayBuffer();
    return Date.now();
  };
  const batchOf = (b, s) => trackers.slice(b * 10, (b + 1) * 10).map((tracker, k) => ({ 'device.id': tracker.vendorId, timestamp: start + s, 'position.latitude': -33.45 + (b * 10 + k) * 1e-4, 'position.longitude': -70.65, 'position.speed': 0, 'engine.ignition.status': ignitionAt(b * 10 + k, s) }));
  for (let b = 0; b < 10; b++) await post(batchOf(b, 0));
  const started = Date.now();
  const pending = [];
  for (let s = 1; s <= seconds; s++) {
    for (let b = 0; b < 10; b++) {
      const due = started + ((s - 1) * 10 + b) * 100;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const messages = batchOf(b, s);
      const turnedOn = messages.filter((m, k) => m['engine.ignition.status'] && !ignitionAt(b * 10 + k, s - 1));
      pending.push(post(messages).then((at) => { for (const m of turnedOn) answeredAt.set(`${trackers.find((t) => t.vendorId === m['device.id']).assetId}|${m.timestamp * 1000}`, at); }));
    }
  }
  await Promise.all(pending);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  stream.destroy();
  const alerts = await ctx.db.collection('alerts').find({ clientId: client.clientId }, { projection: { assetId: 1, occurredAt: 1 } }).toArray();
  const keyOfAlert = new Map(alerts.map((alert) => [alert._id.toHexString(), `${alert.assetId.toHexString()}|${alert.occurredAt.getTime()}`]));
  const latencies = arrivals.map(({ entry, at }) => at - (answeredAt.get(keyOfAlert.get(entry.alertId)) ?? NaN)).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  ctx.note(`Alerts opened by ignition at ~5/s for ${seconds} s: expected → on the recipient's inbox stream`, `${answeredAt.size} → ${latencies.length}`, 'alerts');
  ctx.note('Ingestion answer → inbox entry on the stream, p50', pct(0.5), 'ms');
  ctx.note('Ingestion answer → inbox entry on the stream, p99 (target < 1 s)', pct(0.99), 'ms');
}

module.exports = {
  name: 'alerts',
  async run(ctx) {
    const parts = (process.env.BENCH_ALERTS_PARTS ?? 'ingestion,inbox').split(',');
    if (parts.includes('inbox')) await ackToInbox(ctx);
    if (parts.includes('ingestion')) await throughput(ctx);
  },
};
