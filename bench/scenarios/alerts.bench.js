// Alerts and notifications: alerts opened by ingestion, each
// fanned out to 3 webhook endpoints and 10 in-app recipients. (1) HTTP ingestion in a client with
// such a rule against the same load in a client without rules, alternating rounds of the same run
// (target ≥ 0.9×), with the alerts opened per second; (2) at a fixed ingestion rate, from the
// ingestion request's answer to the recipient's inbox frame on GET /api/notifications/stream
// (target p99 < 1 s) and to a healthy webhook receiver (target p99 < 2 s).
// Set-up in bulk through ctx.db (clients, users, API tokens, trackers); the rule and the webhook
// endpoints through the API, as the client's admin (so the endpoints' secrets are real). The
// receiver is a node:https server in this process on 127.0.0.1: the app runs in production mode,
// where loopback is refused and URLs must be https, so bench/run.js gives it
// WEBHOOK_ALLOWED_NETWORKS=127.0.0.0/8 and trusts the run's certificate (bench/lib/tls.js).
const { Types } = require('mongoose');
const { ingestLoad, postMessages, standingBatch } = require('../lib/ingest-load');
const { ingestRound } = require('../lib/ingest-rounds');
const { cpuMs } = require('../lib/process-cpu');
const { startApp } = require('../lib/processes');
const { openEventStream } = require('../lib/sse-reader');
const { newClient, api } = require('../lib/bench-clients');
const { startReceiver } = require('../lib/webhook-receiver');

const ASSETS = 1000;
// Batches of 100 (the events scenario sends 1 000): with every message an alert, a batch of 1 000
// took 20–40 s to answer on the 2-core machine, longer than a round.
const BATCH = 100;
// BENCH_ALERTS_ROUNDS: more alternating rounds (3) where a difference is smaller than the rounds' spread.
const ROUNDS = Number(process.env.BENCH_ALERTS_ROUNDS ?? 3);
// BENCH_ALERTS_RECIPIENTS / BENCH_ALERTS_ENDPOINTS: other fan-outs, to tell the channels' costs apart.
const RECIPIENTS = Number(process.env.BENCH_ALERTS_RECIPIENTS ?? 10);
const ENDPOINTS = Number(process.env.BENCH_ALERTS_ENDPOINTS ?? 3);
const CENTRE = [-33.45, -70.65];
// A tracker's ignition turns every TOGGLE_EVERY of its messages (1: every message is an
// ignition.on or .off event, and the rule watches both: one alert per message).
const TOGGLE_EVERY = Number(process.env.BENCH_ALERTS_TOGGLE_EVERY ?? 1);
// BENCH_ALERTS_WORKER=1: the load goes to a second app that runs no jobs (JOBS_RUN=false), and the
// run's app, which runs them, is the worker that delivers (docs/architecture.md, "Background jobs").
const WORKER = process.env.BENCH_ALERTS_WORKER === '1';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pct = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]);

/** A flespi load over new trackers of `clientId` whose ignition turns every TOGGLE_EVERY messages. */
async function toggledLoad(ctx, clientId) {
  const uri = `mongodb://${ctx.db.host}:${ctx.db.port}/${ctx.db.name}`;
  // A minute behind, not an hour: a tracker whose last fix is over 5 minutes old is one the offline watch
  // reads every 30 s (src/events/detection/offline-watch.ts); an hour behind, with the default threshold,
  // it marked all 2 000 trackers offline for 20–30 s at a stretch, in whichever rounds it fell (bench/lib/trackers.js).
  const load = await ingestLoad({ uri, clientId, trackers: ASSETS, batch: BATCH, startAgoS: 60 });
  const next = load.nextRequest;
  load.nextRequest = (request) => {
    const messages = JSON.parse(next(request).body);
    // Each tracker turns at its own phase (its device id): all on one phase, every tracker turned in
    // the same 10 batches, then none in the next 90 — bursts of an alert per message, not one in ten.
    for (const m of messages) m['engine.ignition.status'] = Math.floor((m.timestamp + (m['device.id'] % TOGGLE_EVERY)) / TOGGLE_EVERY) % 2 === 0;
    return { ...request, body: JSON.stringify(messages) };
  };
  return load;
}

/** `front`: the app the load goes to when it is not the run's (BENCH_ALERTS_WORKER). */
async function ingestionWithRules(ctx, rules, plain, front) {
  const alerts = ctx.db.collection('alerts');
  const count = (clientId) => alerts.countDocuments({ clientId: new Types.ObjectId(clientId) });
  /** A timed round (bench/lib/ingest-rounds.js), and the alerts it opened. */
  const round = async ({ load, clientId }, seconds) => {
    const alertsBefore = await count(clientId);
    // With a front app, the run's app is the worker: its CPU too.
    const workerBefore = front ? cpuMs(ctx.app.child.pid) : 0;
    const figure = await ingestRound(ctx, load, seconds, front ?? undefined);
    const workerUsPerMessage = front ? ((cpuMs(ctx.app.child.pid) - workerBefore) * 1000) / (figure.rate * figure.elapsed) : undefined;
    return { ...figure, workerUsPerMessage, alertsPerS: ((await count(clientId)) - alertsBefore) / figure.elapsed };
  };
  // Warm-up: each tracker's first message sets its ignition silently and creates its states.
  for (const variant of [plain, rules]) await round(variant, 10);
  const figures = new Map([
    [plain, []],
    [rules, []],
  ]);
  const us = (value) => Math.round(value ?? 0);
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of r % 2 === 0 ? [plain, rules] : [rules, plain]) {
      const figure = await round(variant, Math.max(ctx.seconds, 10));
      figures.get(variant).push(figure);
      // Each round's figures, to see a trend the medians hide (a cost that grows with what the rounds stored).
      const worker = front ? `, worker ${us(figure.workerUsPerMessage)}` : '';
      console.log(
        `    round ${r + 1}, ${variant.name}: ${Math.round(figure.rate)} messages/s; CPU per message: app ${us(figure.usPerMessage)}${worker}, database ${us(figure.dbUsPerMessage)}, bench ${us(figure.benchUsPerMessage)} µs`,
      );
    }
  }
  for (const [variant, rows] of figures) {
    ctx.note(
      `POST /api/telemetry/flespi, ${ASSETS} assets, ignition turning every ${TOGGLE_EVERY} message(s), ${variant.name}: messages/s (median of ${ROUNDS} rounds, batches of ${BATCH}, 4 at once)`,
      Math.round(median(rows.map((row) => row.rate))),
      'messages/s',
    );
    ctx.note(`… ${variant.name}: ${front ? 'ingesting ' : ''}app CPU per message`, Math.round(median(rows.map((row) => row.usPerMessage))), 'µs');
    if (front)
      ctx.note(
        `… ${variant.name}: worker app CPU per message (the jobs: deliveries, sweeps)`,
        Math.round(median(rows.map((row) => row.workerUsPerMessage))),
        'µs',
      );
    ctx.note(`… ${variant.name}: database CPU per message`, Math.round(median(rows.map((row) => row.dbUsPerMessage))), 'µs');
    ctx.note(
      `… ${variant.name}: bench process CPU per message (the load and the webhook receiver)`,
      Math.round(median(rows.map((row) => row.benchUsPerMessage))),
      'µs',
    );
  }
  ctx.note(
    `… alerts opened per second in the rules rounds (${RECIPIENTS} inbox entries and ${ENDPOINTS} webhook deliveries each; median of ${ROUNDS})`,
    Math.round(median(figures.get(rules).map((row) => row.alertsPerS))),
    'alerts/s',
  );
  const ratios = figures.get(rules).map((row, i) => row.rate / figures.get(plain)[i].rate);
  ctx.note(`Ingestion with the rule ÷ without rules, same run (median of the rounds' ratios; target ≥ 0.9)`, Math.round(median(ratios) * 100) / 100, '');
}

/** An SSE reader of `notification` frames: `onEntry(data, arrivedAt)`. */
const openInbox = (ctx, headers, onEntry) =>
  openEventStream(`${ctx.baseUrl}/api/notifications/stream`, headers, 'notification', onEntry, { readyTimeoutMs: 3000 });

/**
 * New trackers of the rules client, one message a second each (batches of 100 every 100 ms:
 * 1 000 messages/s) for `seconds`; each tracker's ignition turns every `toggleEvery` seconds
 * (staggered), so 1 000 / toggleEvery alerts a second. An alert's latency: from the answer to the
 * request whose message opened it, to its inbox frame on one recipient's stream and to its
 * `alert.opened` message at the receiver (3 endpoints: each arrival counts).
 */
async function ackToInboxAndWebhook(ctx, rules, receiver, toggleEvery, seconds, front) {
  const load = await ingestLoad({ uri: `mongodb://${ctx.db.host}:${ctx.db.port}/${ctx.db.name}`, clientId: rules.clientId, trackers: ASSETS, batch: 100 });
  const trackers = load.trackers;
  const answeredAt = new Map(); // `${assetId}|${occurredAt s}` → when its request was answered
  const inbox = [];
  const hooks = [];
  receiver.onMessage = (message, at) => {
    if (message.type === 'alert.opened') hooks.push({ key: `${message.data.assetId}|${Math.floor(Date.parse(message.data.occurredAt) / 1000)}`, at });
  };
  // The first 4 bytes of an alert's id are its opening event's time (src/alerts/alert-ids.ts).
  const stream = await openInbox(
    ctx,
    rules.users[0].headers,
    (entry, at) => entry.alertId && inbox.push({ key: `${entry.assetId}|${parseInt(entry.alertId.slice(0, 8), 16)}`, at }),
  );
  // A minute behind: never the offline sweep's candidates (toggledLoad says why).
  const start = Math.floor(Date.now() / 1000) - 60;
  const ignitionAt = (i, s) => Math.floor((s + i) / toggleEvery) % 2 === 0;
  const post = (messages) => postMessages(front?.url ?? ctx.baseUrl, messages);
  const batchOf = (b, s) => standingBatch(trackers, b, s, { centre: CENTRE, start, ignitionAt });
  for (let b = 0; b < 10; b++) await post(batchOf(b, 0)); // second 0: each tracker's ignition, silently
  const started = Date.now();
  const pending = [];
  let late = 0;
  for (let s = 1; s <= seconds; s++) {
    for (let b = 0; b < 10; b++) {
      const due = started + ((s - 1) * 10 + b) * 100;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      else if (Date.now() - due > 100) late++;
      const messages = batchOf(b, s);
      const turned = messages.filter((m, k) => ignitionAt(b * 100 + k, s) !== ignitionAt(b * 100 + k, s - 1));
      const assetOf = new Map(trackers.slice(b * 100, (b + 1) * 100).map((t) => [t.vendorId, t.assetId]));
      pending.push(
        post(messages).then((at) => {
          for (const m of turned) answeredAt.set(`${assetOf.get(m['device.id'])}|${m.timestamp}`, at);
        }),
      );
    }
  }
  await Promise.all(pending);
  const sentFor = (Date.now() - started) / 1000;
  // The last frames and deliveries: until every expected one arrived, or 20 s without progress.
  for (let seen = -1, idle = 0; idle < 20 && (inbox.length < answeredAt.size || hooks.length < answeredAt.size * ENDPOINTS); idle++) {
    if (inbox.length + hooks.length !== seen) ((seen = inbox.length + hooks.length), (idle = 0));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stream.destroy();
  const latencies = (arrivals) =>
    arrivals
      .filter((a) => answeredAt.has(a.key))
      .map((a) => a.at - answeredAt.get(a.key))
      .sort((a, b) => a - b);
  const toInbox = latencies(inbox);
  const toHook = latencies(hooks);
  const rate = Math.round(ASSETS / toggleEvery);
  const title = `${rate} alerts/s (1 000 messages/s, ignition turning every ${toggleEvery} s, ${seconds} s)`;
  ctx.note(
    `${title}: alerts expected → inbox frames of one recipient → webhook arrivals (${ENDPOINTS} endpoints)`,
    `${answeredAt.size} → ${toInbox.length} → ${toHook.length}`,
    '',
  );
  ctx.note(
    `… from the first request to the last answer (${seconds} s of load: longer means the app answered slower than the rate; ${late} batches sent late)`,
    Math.round(sentFor * 10) / 10,
    's',
  );
  ctx.note(`… ingestion answer → inbox frame, p50`, pct(toInbox, 0.5), 'ms');
  ctx.note(`… ingestion answer → inbox frame, p99 (target < 1 s)`, pct(toInbox, 0.99), 'ms');
  ctx.note(`… ingestion answer → webhook receiver, p50`, pct(toHook, 0.5), 'ms');
  ctx.note(`… ingestion answer → webhook receiver, p99 (target < 2 s)`, pct(toHook, 0.99), 'ms');
}

module.exports = {
  name: 'alerts',
  async run(ctx) {
    // BENCH_ALERTS_PARTS=ingestion,latency (default both).
    const parts = (process.env.BENCH_ALERTS_PARTS ?? 'ingestion,latency').split(',');
    const receiver = { onMessage: () => {} };
    const server = await startReceiver((...args) => receiver.onMessage(...args));
    const front = WORKER ? await startApp(ctx.root, { ...ctx.appEnv, JOBS_RUN: 'false' }) : null;
    try {
      const rulesClient = await newClient(ctx, 'Bench with alert rules', RECIPIENTS);
      const plainClient = await newClient(ctx, 'Bench without alert rules', 0);
      const { port } = server.address();
      for (let e = 0; e < ENDPOINTS; e++) {
        await api(ctx, rulesClient.admin.headers, 'POST', '/api/webhook-endpoints', {
          url: `https://127.0.0.1:${port}/hook-${e}`,
          description: `Bench receiver ${e}`,
          eventTypes: ['alert.opened'],
        });
      }
      await api(ctx, rulesClient.admin.headers, 'POST', '/api/alert-rules', {
        name: 'Bench: ignition',
        enabled: true,
        eventTypes: ['ignition.on', 'ignition.off'],
        allAssets: true,
        assetIds: [],
        groupIds: [],
        geofenceIds: [],
        schedule: null,
        minDurationSeconds: 0,
        cooldownSeconds: 0,
        severity: 'info',
        recipients: { userIds: rulesClient.users.map((user) => user.id), emails: [] },
      });
      const rules = { name: `a rule with ${RECIPIENTS} recipients and ${ENDPOINTS} webhook endpoints`, clientId: rulesClient.id, ...rulesClient };
      const plain = { name: 'no rules', clientId: plainClient.id };
      if (parts.includes('ingestion')) {
        rules.load = await toggledLoad(ctx, rules.clientId);
        plain.load = await toggledLoad(ctx, plain.clientId);
        await ingestionWithRules(ctx, rules, plain, front);
        // What the throughput rounds left queued (deliveries) drains before the latency runs.
        for (let waited = 0; waited < 120; waited += 2) {
          const pending = await ctx.db.collection('webhook_deliveries').countDocuments({ state: 'pending' });
          if (pending === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
      if (parts.includes('latency')) {
        // 10 and 50 alerts/s: the first runs showed the 2-core machine opening well under 100 alerts/s
        // (each with 10 inbox entries and 3 deliveries); at 1 000/s a queue only grows.
        // BENCH_ALERTS_LATENCY=toggleEvery:seconds,… other rates (1:20 is 1 000 alerts/s).
        for (const run of (process.env.BENCH_ALERTS_LATENCY ?? '100:30,20:20').split(',')) {
          const [toggleEvery, seconds] = run.split(':').map(Number);
          await ackToInboxAndWebhook(ctx, rules, receiver, toggleEvery, seconds, front);
        }
      }
    } finally {
      await front?.stop();
      server.closeAllConnections();
      server.close();
    }
  },
};
