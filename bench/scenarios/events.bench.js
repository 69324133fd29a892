// Fleet events: (1) HTTP ingestion with event detection in a client with 10 000
// polygon geofences of 40 vertices and 1 000 assets, against the same load in a client without
// geofences, in alternating rounds of the same run (target ≥ 0.85×); (2) from the ingestion
// request's answer to the event on the live stream at 1 000 messages/s (target p99 < 1 s);
// (3) the events list at 1 000 000 events, first and deep page (target p50 < 50 ms).
// Set-up in bulk through ctx.db; the two ingestion clients are new clients of their own.
const { join } = require('node:path');
const { Types } = require('mongoose');
const { ingestLoad, postMessages, standingBatch } = require('../lib/ingest-load');
const { addTrackers } = require('../lib/trackers');
const { ingestRound } = require('../lib/ingest-rounds');
const { openEventStream } = require('../lib/sse-reader');
const { insertInBatches } = require('../lib/bulk');
const { newClient } = require('../lib/bench-clients');
const { addPolygonGrid } = require('../lib/geofence-grid');

const { eventId, clientHourId, assetDayId } = require(join(__dirname, '../../dist/src/events/event-ids.js'));

const GEOFENCES = 10_000;
const VERTICES = 40;
const ASSETS = 1000;
const BATCH = 1000;
const ROUNDS = 3;
const EVENTS = 1_000_000;
const CENTRE = [-33.45, -70.65];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The detector alone, in this process (built code): 20 000 fixes of one asset driving across the
 * polygons' area, against the same 10 000 polygons compiled and indexed, and against none — the
 * part of the ingestion figures that the geofences add, without the database's noise.
 */
function detectorCost(ctx, polygons) {
  const dist = (path) => require(join(__dirname, '../../dist/src', path));
  const { compileGeofence } = dist('geofences/compiled-geofence.js');
  const { ClientGeofences } = dist('geofences/geofence-index.service.js');
  const { ClientPlaces } = dist('places/index.js');
  const { detect } = dist('events/detection/detector.js');
  const { initialState } = dist('events/detection/detector-state.js');
  // Every rule the events module registers, as the detector's unit tests run them.
  const { REGISTERED_RULES } = dist('events/detection/detection-rules.fixture.js');
  const started = process.hrtime.bigint();
  const fenced = new ClientGeofences(polygons.map((polygon) => compileGeofence({ _id: new Types.ObjectId(), ...polygon })));
  ctx.note(
    `${GEOFENCES} polygons compiled and indexed (once per client and change, per instance)`,
    Math.round(Number(process.hrtime.bigint() - started) / 1e6),
    'ms',
  );
  for (const [name, fences] of [
    ['no geofences', new ClientGeofences([])],
    [`${GEOFENCES} polygons`, fenced],
  ]) {
    const settings = { speedLimitKmh: 90, idleMinutes: 5, temperature: { min: 2, max: 8 } };
    const context = { fences, places: new ClientPlaces([]), appliesTo: () => true, hysteresisM: 25, settings };
    const state = initialState();
    const count = 20_000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const fix = {
        ts: 1_000 + i,
        lat: CENTRE[0] - 0.18 + (i % 2000) * 1.8e-4,
        lng: CENTRE[1] - 0.18 + i * 1.8e-5,
        speed: 30 + (i % 60),
        dir: (i * 7) % 360,
        ignition: true,
        temps: { 1: 4 },
      };
      detect(state, [fix], context, REGISTERED_RULES);
    }
    ctx.note(`The detector alone, ${name}: time per fix`, Math.round((Number(process.hrtime.bigint() - start) / 1e3 / count) * 10) / 10, 'µs');
  }
}

async function ingestionWithGeofences(ctx) {
  const uri = `mongodb://${ctx.db.host}:${ctx.db.port}/${ctx.db.name}`;
  // Trackers on a 32 × 32 grid over the geofences' area (benchMessage then drifts them slowly).
  const offsetOf = (i) => [(Math.floor(i / 32) - 16) * 0.011, ((i % 32) - 16) * 0.011];
  // Each drives east at ~45 km/h (1.35e-4° of longitude a second at 33° S): it crosses a fence's
  // edge every ~15 s of fix time, so the fenced run writes enter/exit events as a fleet would.
  const driftPerS = [0, 1.35e-4];
  // Messages from 10 minutes ago on (fresh: no tracker is found offline by the sweep meanwhile).
  const plainClient = (await newClient(ctx, 'Bench without geofences')).id;
  const plain = {
    name: 'no geofences',
    load: await ingestLoad({ uri, clientId: plainClient, trackers: ASSETS, batch: BATCH, offsetOf, startAgoS: 600, driftPerS }),
  };
  const fencedClient = (await newClient(ctx, 'Bench with geofences')).id;
  detectorCost(ctx, await addPolygonGrid(ctx.db, fencedClient, { count: GEOFENCES, vertices: VERTICES, centre: CENTRE }));
  const fenced = {
    name: `${GEOFENCES} polygons`,
    load: await ingestLoad({ uri, clientId: fencedClient, trackers: ASSETS, batch: BATCH, offsetOf, startAgoS: 600, driftPerS }),
  };
  const round = ({ load }, seconds) => ingestRound(ctx, load, seconds);
  // Warm-up: each tracker's first messages create its states, the fenced client's index is built.
  for (const variant of [plain, fenced]) await round(variant, 10);
  const figures = new Map([
    [plain, []],
    [fenced, []],
  ]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of r % 2 === 0 ? [plain, fenced] : [fenced, plain]) figures.get(variant).push(await round(variant, Math.max(ctx.seconds, 10)));
  }
  for (const [variant, rows] of figures) {
    ctx.note(
      `POST /api/telemetry/flespi with event detection, ${ASSETS} assets, ${variant.name}: messages/s (median of ${ROUNDS} rounds, batches of ${BATCH}, 4 at once)`,
      Math.round(median(rows.map((row) => row.rate))),
      'messages/s',
    );
    ctx.note(`… ${variant.name}: app CPU per message`, Math.round(median(rows.map((row) => row.usPerMessage))), 'µs');
  }
  const ratios = figures.get(fenced).map((row, i) => row.rate / figures.get(plain)[i].rate);
  ctx.note(
    `Ingestion with ${GEOFENCES} polygon geofences ÷ without, same run (median of the rounds' ratios; target ≥ 0.85)`,
    Math.round(median(ratios) * 100) / 100,
    '',
  );
  // What each client's runs detected: the fenced run's extra cost is partly the events it writes.
  for (const [name, clientId] of [
    ['no geofences', plainClient],
    [`${GEOFENCES} polygons`, fencedClient],
  ]) {
    const byType = await ctx.db
      .collection('fleet_events')
      .aggregate([{ $match: { clientId: new Types.ObjectId(clientId) } }, { $group: { _id: '$type', n: { $sum: 1 } } }])
      .toArray();
    const total = byType.reduce((sum, row) => sum + row.n, 0);
    ctx.note(`Events detected during the runs, ${name} (${byType.map((row) => `${row._id} ${row.n}`).join(', ') || 'none'})`, total, 'events');
  }
}

/** An SSE reader of `fleet-event` frames: `onEvent(data, arrivedAt)`. */
const openStream = (ctx, onEvent) => openEventStream(`${ctx.baseUrl}/api/positions/stream`, ctx.auth(), 'fleet-event', onEvent);

/**
 * 1 000 trackers of acme, one message a second each (batches of 100 every 100 ms) for `seconds`;
 * each tracker's ignition turns every 10 s (staggered), so about 100 ignition events a second.
 * The latency of an event: from the answer to the request whose message made it, to its frame.
 */
async function ackToLiveEvent(ctx, trackers, seconds = 30) {
  const answeredAt = new Map(); // `${assetId}|${occurredAt ms}` → when its request was answered
  const arrivals = [];
  const stream = await openStream(ctx, (event, at) => arrivals.push({ key: `${event.assetId}|${Date.parse(event.occurredAt)}`, at }));
  const start = Math.floor(Date.now() / 1000) - 600;
  const ignitionAt = (i, s) => Math.floor((s + i) / 10) % 2 === 0;
  const post = (messages) => postMessages(ctx.baseUrl, messages);
  const batchOf = (b, s) => standingBatch(trackers, b, s, { centre: CENTRE, start, ignitionAt });
  // Second 0 sets each tracker's ignition silently (its first report).
  for (let b = 0; b < 10; b++) await post(batchOf(b, 0));
  const started = Date.now();
  const pending = [];
  for (let s = 1; s <= seconds; s++) {
    for (let b = 0; b < 10; b++) {
      const due = started + ((s - 1) * 10 + b) * 100;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const messages = batchOf(b, s);
      const turned = messages.filter((m, k) => ignitionAt(b * 100 + k, s) !== ignitionAt(b * 100 + k, s - 1));
      pending.push(
        post(messages).then((at) => {
          for (const m of turned) answeredAt.set(`${trackers.find((t) => t.vendorId === m['device.id']).assetId}|${m.timestamp * 1000}`, at);
        }),
      );
    }
  }
  await Promise.all(pending);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // the last frames
  stream.destroy();
  // Negative: the frame came before the answer (events are published before the batch is acknowledged).
  const latencies = arrivals.filter((a) => answeredAt.has(a.key)).map((a) => a.at - answeredAt.get(a.key));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  ctx.note(`Ignition events at 1 000 messages/s for ${seconds} s: expected → on the stream`, `${answeredAt.size} → ${latencies.length}`, 'events');
  ctx.note('Frames that arrived before their request was answered', latencies.filter((ms) => ms < 0).length, 'events');
  ctx.note('Ingestion answer → fleet-event frame on the live stream, p50', pct(0.5), 'ms');
  ctx.note('Ingestion answer → fleet-event frame on the live stream, p99 (target < 1 s)', pct(0.99), 'ms');
}

/** Appends index entries as FleetEvents does (the demo's and the latency run's events already have documents there). */
async function appendEntries(ctx, docs) {
  for (let i = 0; i < docs.length; i += 1000) {
    const ops = docs.slice(i, i + 1000).map(({ _id, scope, start, entries }) => ({
      updateOne: {
        filter: { _id },
        update: { $setOnInsert: { scope, start }, $push: { entries: { $each: entries } }, $inc: { count: entries.length } },
        upsert: true,
      },
    }));
    await ctx.db.collection('fleet_event_index').bulkWrite(ops, { ordered: false });
  }
}

const TYPES = ['geofence.enter', 'geofence.exit', 'speeding.start', 'speeding.end', 'ignition.on', 'ignition.off', 'idling.start', 'idling.end'];

/** 1 000 000 events of acme over the last 30 days on `trackers`' assets, as FleetEvents.record stores and indexes them. */
async function addEvents(ctx, trackers) {
  const clientId = new Types.ObjectId(ctx.manifest.clients.acme.id);
  const assets = trackers.map((tracker) => ({ id: new Types.ObjectId(tracker.assetId), name: `Events truck ${tracker.vendorId}` }));
  const hours = 30 * 24;
  const perHour = Math.ceil(EVENTS / hours);
  const firstHour = Math.floor(Date.now() / 86_400_000) * 24 - hours;
  let days = new Map();
  let written = 0;
  for (let h = 0; h < hours && written < EVENTS; h++) {
    const hourStart = (firstHour + h) * 3600;
    const events = [];
    for (let k = 0; k < perHour && written < EVENTS; k++, written++) {
      const asset = assets[written % assets.length];
      const occurredAt = new Date((hourStart + (k * 3600) / perHour) * 1000);
      const type = TYPES[written % TYPES.length];
      const event = {
        clientId,
        assetId: asset.id,
        assetName: asset.name,
        type,
        occurredAt,
        detectedAt: occurredAt,
        position: { lat: CENTRE[0], lng: CENTRE[1], speed: 40 },
        geofenceId: null,
        details: {},
        notifiedAt: occurredAt,
      };
      events.push({ _id: eventId(event), ...event });
    }
    const entries = events.map((e) => ({ id: e._id, at: e.occurredAt, type: e.type, assetId: e.assetId, geofenceId: null }));
    await insertInBatches(ctx.db.collection('fleet_events'), events);
    await appendEntries(ctx, [{ _id: clientHourId(clientId, hourStart), scope: 'client', start: hourStart, entries }]);
    for (const entry of entries) {
      const dayStart = Math.floor(entry.at.getTime() / 86_400_000) * 86_400;
      const key = `${entry.assetId}|${dayStart}`;
      if (!days.has(key)) days.set(key, { _id: assetDayId(entry.assetId, dayStart), scope: 'asset', start: dayStart, entries: [] });
      days.get(key).entries.push(entry);
    }
    // Hours start at a UTC day: a day's documents are whole at the end of every 24th hour.
    if ((h + 1) % 24 === 0 || written >= EVENTS) {
      await appendEntries(ctx, [...days.values()]);
      days = new Map();
    }
  }
  return written;
}

async function eventsList(ctx, trackers) {
  const started = Date.now();
  const written = await addEvents(ctx, trackers);
  ctx.note(`Set-up: ${written} events and their index documents, bulk`, Math.round((Date.now() - started) / 1000), 's');
  const headers = ctx.auth();
  const get = async (url) => {
    const res = await fetch(`${ctx.baseUrl}${url}`, { headers });
    const json = await res.json();
    if (res.status !== 200 || json.data.length === 0) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  await ctx.time({
    title: `GET /api/events?limit=50, first page of ${written} events (target p50 < 50 ms)`,
    runs: 21,
    warmup: 3,
    fn: () => get('/api/events?limit=50'),
  });
  // 500 pages of 200 in: the cursor after the newest 100 000 events.
  let cursor = null;
  for (let page = 0; page < 500; page++) cursor = (await get(`/api/events?limit=200${cursor ? `&cursor=${cursor}` : ''}`)).page.nextCursor;
  await ctx.time({
    title: 'GET /api/events?limit=50 after 100 000 events (a deep page; target p50 < 50 ms)',
    runs: 21,
    warmup: 3,
    fn: () => get(`/api/events?limit=50&cursor=${cursor}`),
  });
  const asset = trackers[7].assetId;
  await ctx.time({
    title: 'GET /api/events?assetId=…&limit=50, one asset of 1 000 (its day documents)',
    runs: 21,
    warmup: 3,
    fn: () => get(`/api/events?limit=50&assetId=${asset}`),
  });
}

module.exports = {
  name: 'events',
  async run(ctx) {
    // BENCH_EVENTS_PARTS=ingestion,list,live (default all): one part alone, e.g. under BENCH_APP_PROFILE.
    const parts = (process.env.BENCH_EVENTS_PARTS ?? 'ingestion,list,live').split(',');
    if (parts.includes('ingestion')) await ingestionWithGeofences(ctx);
    const trackers = await addTrackers(ctx.db, { clientId: ctx.manifest.clients.acme.id, count: ASSETS, vendorBase: 8_500_000, label: 'Events' });
    // The list first: the latency run then adds 3 000 events to the newest hour.
    if (parts.includes('list')) await eventsList(ctx, trackers);
    if (parts.includes('live')) await ackToLiveEvent(ctx, trackers);
  },
};
