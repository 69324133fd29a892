// Live positions: `GET /api/positions/latest` over 1 000 assets (target p50 < 20 ms), and the
// SSE fan-out of `GET /api/positions/stream`: 1 000 position updates a second (one message a
// second from each of 1 000 trackers, posted to the flespi route in batches of 100 every 100 ms)
// to 200 connected clients (target p99 delivery < 1 s, from the batch's hand-over to the event's
// arrival at the client), once through the app's ingestion and once as records another instance
// stored (the app's polling feed). Set-up in bulk through ctx.db: 1 000 trackers and assets of the demo
// client acme, each with a latest-position record. The app gets BENCH_INGEST_TOKEN (run.js).
const { get } = require('node:http');

const ASSETS = 1000;
const CLIENTS = 200;
const BATCHES_PER_SECOND = 10;
const { INGEST_TOKEN } = require('../lib/ingest-load');
const { addTrackers } = require('../lib/trackers');
/** Message timestamps of the fan-out runs: ahead of the set-up's, each run after the last. */
let nextTimestamp = Math.floor(Date.now() / 1000) + 100_000;

async function setUp(ctx) {
  const clientId = ctx.manifest.clients.acme.id;
  const now = Math.floor(Date.now() / 1000);
  const trackers = await addTrackers(ctx.db, { clientId, count: ASSETS, vendorBase: 8_000_000, label: 'Live' });
  const latest = trackers.map((tracker, i) => ({
    _id: tracker.trackerId.toHexString(),
    trackerId: tracker.trackerId,
    vendorId: tracker.vendorId,
    ts: now - 60,
    lat: -33.45 + i * 1e-4,
    lng: -70.65,
    speed: 40,
    dir: 90,
    alt: 520,
    ignition: true,
    ingestedAt: Date.now(),
    openTripBegin: null,
  }));
  await ctx.db.collection('telemetry_latest').insertMany(latest);
  return trackers;
}

/** An SSE client that notes, per chunk, the arrival time of each event's message timestamp. */
function openStream(ctx, onEvents) {
  return new Promise((resolve, reject) => {
    const req = get(`${ctx.baseUrl}/api/positions/stream`, { headers: { ...ctx.auth(), accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let ready = false;
      res.on('data', (chunk) => {
        const at = Date.now();
        if (!ready && chunk.includes(': ready')) ((ready = true), resolve(req));
        for (const match of chunk.matchAll(/"timestamp":(\d+)/g)) onEvents(Number(match[1]), at);
      });
    });
    req.on('error', reject);
  });
}

/**
 * 200 clients, then `seconds` of 1 000 updates a second in batches of 100 every 100 ms, each
 * batch handed to `deliver` (posted to the ingestion route, or written as another instance would).
 */
async function fanOut(ctx, trackers, { label, seconds, deliver }) {
  const sentAt = new Map(); // message timestamp → when its batch was handed over
  const latencies = [];
  let received = 0;
  const streams = [];
  for (let i = 0; i < CLIENTS; i++) {
    streams.push(
      await openStream(ctx, (ts, at) => {
        const sent = sentAt.get(ts);
        if (sent === undefined) return;
        received++;
        latencies.push(at - sent);
      }),
    );
  }
  // Each batch has its own timestamp, newer than any before: the clients find the send time by it.
  const base = nextTimestamp;
  nextTimestamp += seconds * BATCHES_PER_SECOND;
  const perBatch = ASSETS / BATCHES_PER_SECOND;
  let delivered = 0;
  let failed = 0;
  const started = Date.now();
  const pending = [];
  for (let s = 0; s < seconds; s++) {
    for (let b = 0; b < BATCHES_PER_SECOND; b++) {
      const due = started + (s * BATCHES_PER_SECOND + b) * (1000 / BATCHES_PER_SECOND);
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const ts = base + s * BATCHES_PER_SECOND + b;
      const batch = trackers.slice(b * perBatch, (b + 1) * perBatch).map((tracker, i) => ({ tracker, ts, lat: -33.45 + i * 1e-4, lng: -70.65 + s * 1e-4 }));
      sentAt.set(ts, Date.now());
      pending.push(
        deliver(batch).then(
          () => (delivered += batch.length),
          () => failed++,
        ),
      );
    }
  }
  await Promise.all(pending);
  const handSeconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3000)); // the last deliveries
  streams.forEach((req) => req.destroy());
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  ctx.note(`${label}: updates stored (${failed} failed batches)`, Math.round(delivered / handSeconds), 'updates/s');
  ctx.note(`${label}: events at the ${CLIENTS} clients (expected ${delivered} × ${CLIENTS})`, received, 'events');
  ctx.note(`${label}: delivery p50 (batch handed over → event at the client)`, pct(0.5), 'ms');
  ctx.note(`${label}: delivery p99 (target < 1 s)`, pct(0.99), 'ms');
}

/** Through the app's ingestion route: the whole path (store writes, trips, latest, publish). */
const viaIngestion = (ctx) => async (batch) => {
  const messages = batch.map(({ tracker, ts, lat, lng }) => ({
    'device.id': tracker.vendorId,
    timestamp: ts,
    'position.latitude': lat,
    'position.longitude': lng,
    'position.speed': 50,
  }));
  const res = await fetch(`${ctx.baseUrl}/api/telemetry/flespi`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(messages),
  });
  if (!res.ok) throw new Error(`ingestion answered ${res.status}`);
};

/** As another instance's ingestion would move the latest positions: the app sees them by polling. */
const viaOtherInstance = (ctx) => async (batch) => {
  await ctx.db.collection('telemetry_latest').bulkWrite(
    batch.map(({ tracker, ts, lat, lng }) => ({
      updateOne: { filter: { _id: tracker.trackerId.toHexString() }, update: { $set: { ts, lat, lng, speed: 50, ingestedAt: Date.now() } } },
    })),
    { ordered: false },
  );
};

module.exports = {
  name: 'live',
  async run(ctx) {
    const trackers = await setUp(ctx);
    const headers = ctx.auth();
    const count = (await (await fetch(`${ctx.baseUrl}/api/positions/latest`, { headers })).json()).data.length;
    ctx.note('Assets in GET /api/positions/latest', count, 'assets');
    await ctx.time({
      title: `GET /api/positions/latest, ${count} assets (target p50 < 20 ms)`,
      runs: 21,
      warmup: 3,
      fn: async () => (await fetch(`${ctx.baseUrl}/api/positions/latest`, { headers })).arrayBuffer(),
    });
    await ctx.load({ title: `GET /api/positions/latest, ${count} assets`, path: '/api/positions/latest', headers, connections: [1, 4] });
    // Each tracker's first batch after the set-up reads its trip detection's state once (the set-up's
    // records have none): sent before the measured run, which shows the steady state.
    const warm = viaIngestion(ctx);
    const warmTs = nextTimestamp++;
    for (let b = 0; b < ASSETS; b += 100) await warm(trackers.slice(b, b + 100).map((tracker) => ({ tracker, ts: warmTs, lat: -33.45, lng: -70.65 })));
    await fanOut(ctx, trackers, { label: 'Fan-out, ingested by the app', seconds: 5, deliver: viaIngestion(ctx) });
    // The fan-out itself at 1 000 updates/s: records moved by "another instance", picked up by the app's polling (1 s).
    await fanOut(ctx, trackers, { label: 'Fan-out, stored by another instance', seconds: 10, deliver: viaOtherInstance(ctx) });
  },
};
