// Ingestion shaped like a real fleet: flespi batches of 1 000 messages that hold 2
// fixes of each of 500 trackers, four senders with 500 trackers each (2 000 trackers), each
// tracker's fixes in time order, through POST /api/telemetry/flespi. Four variants in alternating
// rounds of one run, each a client of its own:
//   (a) fleet: 10 000 polygon geofences, event detection, meters, trips, latest positions and a
//       live stream open on the client;
//   (b) fleet without geofences or rules;
//   (c) batches of one tracker (1 000 fixes of one tracker a batch, a tracker per sender);
//   (d) (a) with an alert rule on ignition on/off — one message in a hundred turns a vehicle's
//       ignition, so 100 alerts/s at 10 000 messages/s — to 10 inbox recipients and 3 webhook
//       endpoints (e-mail off: no SMTP in the bench);
//   (p) (a) with 100 000 places of 100 m over the same area (visit detection: the vehicles park
//       half their cycle, some inside places);
//   (t) (a) with 3 dispatch tasks at a location on each vehicle (radius 100–200 m, 30 m off its
//       route at points its next BENCH_FLEET_TASK_SPAN_FIXES fixes pass, 1 800: two hours of its
//       driving, so a stop every 40 minutes; added after the warm-up), so they arrive and depart
//       by the fixes during the rounds (opt-in: BENCH_FLEET_VARIANTS=a,t);
//   (w) (t) with its tasks 3 km off the routes: every fix is checked against its vehicle's tasks
//       and none arrives, so (w) ÷ (a) is the detection alone and (t) ÷ (w) the arrivals' writes
//       (opt-in: BENCH_FLEET_VARIANTS=a,t,w).
// Printed per variant: messages/s and the app's, the database's and this process's CPU per
// message (µs; medians of the rounds); the ratios (a)÷(c), (d)÷(a), (p)÷(a), (t)÷(a), (w)÷(a) and
// (t)÷(w) of the same rounds. With BENCH_APP_METRICS=1, also the database commands a batch, and per
// round its garbage collection and each collection's commands and time to their answers.
// Then the memory of 100 000 trackers' states: an app of the same build alone on a database of
// its own (TELEMETRY_IDLE_MINUTES=1), its resident size before, after one fix of each tracker, and
// once they went quiet and left memory.
// BENCH_FLEET_ROUNDS (4), BENCH_FLEET_TRACKERS (2 000), BENCH_FLEET_VARIANTS (a,b,c,d,p; t and w opt-in),
// BENCH_FLEET_MEMORY_TRACKERS (100 000; 0 skips the memory part), BENCH_FLEET_TASK_SPAN_FIXES (1 800).
const { Types } = require('mongoose');
const { newClient, api } = require('../lib/bench-clients');
const { fleetLoad } = require('../lib/fleet-load');
const { addPolygonGrid } = require('../lib/geofence-grid');
const { addPlaceGrid } = require('../lib/place-grid');
const { addLocationTasks, arrivalsOf } = require('../lib/location-tasks');
const { ingestRound } = require('../lib/ingest-rounds');
const { openEventStream } = require('../lib/sse-reader');
const { startReceiver } = require('../lib/webhook-receiver');
const { rssMiB, startApp } = require('../lib/processes');
const { addTrackers } = require('../lib/trackers');
const { INGEST_TOKEN } = require('../lib/ingest-load');

// Even: each variant runs second in a round (after another's messages) as often as first.
const ROUNDS = Number(process.env.BENCH_FLEET_ROUNDS ?? 4);
const TRACKERS = Number(process.env.BENCH_FLEET_TRACKERS ?? 2000);
const VARIANTS = (process.env.BENCH_FLEET_VARIANTS ?? 'a,b,c,d,p').split(',').filter(Boolean);
const MEMORY_TRACKERS = Number(process.env.BENCH_FLEET_MEMORY_TRACKERS ?? 100_000);
const SENDERS = 4;
const GEOFENCES = 10_000;
const PLACES = 100_000;
const RECIPIENTS = 10;
const ENDPOINTS = 3;
const TASKS_A_VEHICLE = 3;
const TASK_SPAN_FIXES = Number(process.env.BENCH_FLEET_TASK_SPAN_FIXES ?? 1800);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
// A round's CPU runs on until the compaction of its messages (every 10 s) is done.
const SETTLE_MS = 11_000;
// Each round's first seconds of load, not counted: in runs without them, a variant's round that
// followed another variant's cost a quarter to a third more than one that followed its own.
const WARM_UP_S = 3;
const us = (value) => (value === undefined ? '–' : Math.round(value));

/** The ignition rule of (d), its endpoints pointed at the bench's receiver. */
async function addIgnitionRule(ctx, client, receiverPort) {
  for (let e = 0; e < ENDPOINTS; e++) {
    await api(ctx, client.admin.headers, 'POST', '/api/webhook-endpoints', {
      url: `https://127.0.0.1:${receiverPort}/fleet-${e}`,
      description: `Fleet bench receiver ${e}`,
      eventTypes: ['alert.opened'],
    });
  }
  await api(ctx, client.admin.headers, 'POST', '/api/alert-rules', {
    name: 'Fleet bench: ignition',
    eventTypes: ['ignition.on', 'ignition.off'],
    allAssets: true,
    severity: 'info',
    recipients: { userIds: client.users.map((user) => user.id), emails: [] },
  });
}

async function variant(ctx, key, { name, geofences = false, places = false, rule = false, oneTracker = false, taskOffsetM, receiverPort }, vendorBase) {
  const client = await newClient(ctx, `Fleet bench (${key})`, rule ? RECIPIENTS : 0);
  if (geofences) await addPolygonGrid(ctx.db, client.id, { count: GEOFENCES, spacingDeg: 0.0135 });
  if (places) {
    await addPlaceGrid(ctx.db, client.id, PLACES);
    // Builds the client's place index before the rounds (detection shares it; until then it reads none).
    await api(ctx, client.admin.headers, 'GET', '/api/places?limit=1');
  }
  if (rule) await addIgnitionRule(ctx, client, receiverPort);
  const shape = oneTracker
    ? { trackers: SENDERS, fixesPerBatch: 1000, stepS: 1, startAgoS: 60 * 86_400 }
    : { trackers: TRACKERS, fixesPerBatch: Math.max(1, Math.round((1000 * SENDERS) / TRACKERS)) };
  const load = await fleetLoad(ctx.db, { clientId: client.id, senders: SENDERS, label: `Fleet ${key}`, vendorBase, ...shape });
  // The live map of the client is open during the rounds: every stored position goes out on it.
  const stream = await openEventStream(`${ctx.baseUrl}/api/positions/stream`, client.admin.headers, 'position', () => undefined, { readyTimeoutMs: 3000 });
  return { key, name, clientId: client.id, load, stream, taskOffsetM, rows: [] };
}

/**
 * The app's resident size with MEMORY_TRACKERS trackers' states: an app alone on a database of its
 * own (so it owns every partition), one fix of each tracker (batches of 1 000 trackers), then the
 * trackers quiet until they leave memory (TELEMETRY_IDLE_MINUTES=1, compaction every 10 s).
 */
async function memoryOfStates(ctx) {
  const { uri, db } = ctx.ownDatabase('memory');
  const now = new Date();
  const { insertedId: clientId } = await db
    .collection('clients')
    .insertOne({ name: 'Fleet bench memory', timeZone: 'America/Santiago', createdAt: now, updatedAt: now });
  const trackers = [];
  for (let i = 0; i < MEMORY_TRACKERS; i += 10_000)
    trackers.push(
      ...(await addTrackers(db, {
        clientId: clientId.toHexString(),
        count: Math.min(10_000, MEMORY_TRACKERS - i),
        vendorBase: 800_000_000 + i,
        label: 'Memory',
      })),
    );
  const app = await startApp(ctx.root, { ...ctx.appEnv, MONGODB_URI: uri, TELEMETRY_IDLE_MINUTES: '1' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = rssMiB(app.child.pid);
    const start = Math.floor(Date.now() / 1000) - 600;
    const started = Date.now();
    for (let i = 0; i < trackers.length; i += 1000) {
      const body = trackers.slice(i, i + 1000).map((tracker, k) => ({
        'device.id': tracker.vendorId,
        timestamp: start,
        'position.latitude': -33.45 + (k % 100) * 1e-3,
        'position.longitude': -70.65 + Math.floor(k / 100) * 1e-3,
        'position.speed': 40,
        'engine.ignition.status': true,
      }));
      const res = await fetch(`${app.url}/api/telemetry/flespi`, {
        method: 'POST',
        headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`ingestion answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    }
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 12_000)); // a compaction writes them
    const held = rssMiB(app.child.pid);
    // Quiet for a minute, then the next compaction lets them go (the heap shrinks at its next collections).
    await new Promise((resolve) => setTimeout(resolve, 90_000));
    const after = rssMiB(app.child.pid);
    ctx.note(
      `Memory: ${trackers.length} trackers' first fix each (batches of 1 000 trackers; cold: each state read once)`,
      Math.round(trackers.length / seconds),
      'messages/s',
    );
    ctx.note(
      `Memory: app resident size before, with ${trackers.length} trackers' states, and after they went quiet (TELEMETRY_IDLE_MINUTES=1)`,
      `${before} → ${held} → ${after}`,
      'MiB',
    );
    ctx.note('Memory: per tracker in memory (resident growth ÷ trackers)', Math.round(((held - before) * 1024 * 1024) / trackers.length), 'bytes');
  } finally {
    await app.stop();
    await db.dropDatabase();
  }
}

/** (t)'s tasks at the points its vehicles' next fixes pass, then a short round in which the app reads them into its index. */
async function addTasksAhead(ctx, v) {
  v.tasks = await addLocationTasks(ctx.db, v.clientId, v.load, { perVehicle: TASKS_A_VEHICLE, spanFixes: TASK_SPAN_FIXES, offsetM: v.taskOffsetM });
  await ingestRound(ctx, v.load, 3, undefined, SENDERS);
}

async function countByType(ctx, clientId) {
  const rows = await ctx.db
    .collection('fleet_events')
    .aggregate([{ $match: { clientId: new Types.ObjectId(clientId) } }, { $group: { _id: '$type', n: { $sum: 1 } } }])
    .toArray();
  return rows.map((row) => `${row._id} ${row.n}`).join(', ') || 'none';
}

module.exports = {
  name: 'fleet',
  async run(ctx) {
    const server = await startReceiver(() => undefined);
    const receiverPort = server.address().port;
    const specs = {
      a: { name: `(a) fleet, ${GEOFENCES} polygons`, geofences: true },
      b: { name: '(b) fleet, no geofences or rules' },
      c: { name: '(c) batches of one tracker', oneTracker: true },
      d: {
        name: `(d) fleet, ${GEOFENCES} polygons and an ignition rule (${RECIPIENTS} recipients, ${ENDPOINTS} webhooks)`,
        geofences: true,
        rule: true,
        receiverPort,
      },
      p: { name: `(p) fleet, ${GEOFENCES} polygons and ${PLACES} places`, geofences: true, places: true },
      t: { name: `(t) fleet, ${GEOFENCES} polygons and ${TASKS_A_VEHICLE} location tasks a vehicle`, geofences: true, taskOffsetM: 30 },
      w: { name: `(w) fleet, ${GEOFENCES} polygons and ${TASKS_A_VEHICLE} location tasks a vehicle 3 km off its route`, geofences: true, taskOffsetM: 3000 },
    };
    const variants = [];
    try {
      for (const [index, key] of VARIANTS.entries()) variants.push(await variant(ctx, key, specs[key], 700_000_000 + index * 1_000_000));
      const alerts = ctx.db.collection('alerts');
      const round = async (v, seconds) => {
        const alertsBefore = await alerts.countDocuments({ clientId: new Types.ObjectId(v.clientId) });
        const movedBefore = v.tasks ? await arrivalsOf(ctx.db, v.clientId) : null;
        const figure = await ingestRound(ctx, v.load, seconds, undefined, SENDERS, { settleMs: SETTLE_MS, warmUpS: WARM_UP_S });
        figure.alertsPerS = ((await alerts.countDocuments({ clientId: new Types.ObjectId(v.clientId) })) - alertsBefore) / figure.elapsed;
        // Read outside the round's CPU figures: how many tasks it moved (arrivals come as the vehicles reach them).
        if (movedBefore) {
          const moved = await arrivalsOf(ctx.db, v.clientId);
          figure.moved = `; ${moved.arrived - movedBefore.arrived} arrivals, ${moved.departed - movedBefore.departed} departures`;
        }
        return figure;
      };
      // Warm-up: each tracker's first batch creates its states; the geofences are compiled.
      for (const v of variants) {
        await round(v, 10);
        if (v.taskOffsetM) await addTasksAhead(ctx, v);
      }
      for (let r = 0; r < ROUNDS; r++) {
        const order = r % 2 === 0 ? variants : [...variants].reverse();
        for (const v of order) {
          const figure = await round(v, Math.max(ctx.seconds, 10));
          v.rows.push(figure);
          console.log(
            `    round ${r + 1}, ${v.key}: ${Math.round(figure.rate)} messages/s; CPU per message: app ${us(figure.usPerMessage)}, database ${us(figure.dbUsPerMessage)}, bench ${us(figure.benchUsPerMessage)} µs${figure.commandsPerBatch === undefined ? '' : `; ${figure.commandsPerBatch.toFixed(1)} database commands a batch`}${v.key === 'd' ? `; ${Math.round(figure.alertsPerS)} alerts/s` : ''}${figure.moved ?? ''}`,
          );
          if (figure.collectionsPerBatch) {
            const top = figure.collectionsPerBatch.slice(0, 8).map((c) => `${c.collection || '(none)'} ${c.commands.toFixed(1)}/${c.ms.toFixed(1)} ms`);
            console.log(
              `      a batch's garbage collection ${figure.gcMsPerBatch.toFixed(1)} ms; commands / time to their answers, by collection: ${top.join(', ')}`,
            );
          }
        }
      }
      for (const v of variants) {
        const shape =
          v.key === 'c'
            ? `batches of 1 000 fixes of one tracker, ${SENDERS} trackers`
            : `batches of 1 000 messages over ${v.load.trackers.length / SENDERS} trackers, ${v.load.trackers.length} trackers`;
        ctx.note(
          `${v.name}: POST /api/telemetry/flespi, ${shape}, ${SENDERS} senders (median of ${ROUNDS} rounds)`,
          Math.round(median(v.rows.map((row) => row.rate))),
          'messages/s',
        );
        ctx.note(`… ${v.key}: CPU per message: app`, Math.round(median(v.rows.map((row) => row.usPerMessage))), 'µs');
        ctx.note(`… ${v.key}: CPU per message: database`, Math.round(median(v.rows.map((row) => row.dbUsPerMessage))), 'µs');
        ctx.note(`… ${v.key}: CPU per message: bench process (the load)`, Math.round(median(v.rows.map((row) => row.benchUsPerMessage))), 'µs');
        if (v.rows[0].commandsPerBatch !== undefined) {
          ctx.note(
            `… ${v.key}: database commands a batch (BENCH_APP_METRICS)`,
            Math.round(10 * median(v.rows.map((row) => row.commandsPerBatch))) / 10,
            'commands',
          );
        }
        ctx.note(
          `… ${v.key}: events stored (${await countByType(ctx, v.clientId)})`,
          await ctx.db.collection('fleet_events').countDocuments({ clientId: new Types.ObjectId(v.clientId) }),
          'events',
        );
      }
      const byKey = Object.fromEntries(variants.map((v) => [v.key, v]));
      // The median over the rounds of one figure's ratio between two variants in the same round.
      const ratioOf = (figure) => (top, bottom) => Math.round(median(byKey[top].rows.map((row, i) => figure(row) / figure(byKey[bottom].rows[i]))) * 100) / 100;
      const ratio = ratioOf((row) => row.rate);
      const cpuRatio = ratioOf((row) => row.usPerMessage + row.dbUsPerMessage);
      if (byKey.d) ctx.note('(d): alerts opened per second (median of the rounds)', Math.round(median(byKey.d.rows.map((row) => row.alertsPerS))), 'alerts/s');
      if (byKey.a && byKey.c) ctx.note("(a) ÷ (c), same rounds (median of the rounds' ratios; target ≥ 0.3)", ratio('a', 'c'), '');
      if (byKey.a && byKey.d) ctx.note('(d) ÷ (a), same rounds (target ≥ 0.85)', ratio('d', 'a'), '');
      if (byKey.a && byKey.p) ctx.note(`(p) ÷ (a): what ${PLACES} places cost, same rounds (target ≥ 0.9)`, ratio('p', 'a'), '');
      if (byKey.a && byKey.w) {
        ctx.note("(w) ÷ (a): app + database CPU a message, the arrival detection without arrivals (median of the rounds' ratios)", cpuRatio('w', 'a'), '');
      }
      if (byKey.w && byKey.t) ctx.note("(t) ÷ (w): app + database CPU a message, the arrivals' writes (median of the rounds' ratios)", cpuRatio('t', 'w'), '');
      if (byKey.a && byKey.t) {
        ctx.note('(t) ÷ (a): what location tasks cost, same rounds, messages/s', ratio('t', 'a'), '');
        ctx.note("(t) ÷ (a): app + database CPU a message (median of the rounds' ratios; target ≤ 1.05)", cpuRatio('t', 'a'), '');
        const { arrived, departed } = await arrivalsOf(ctx.db, byKey.t.clientId);
        ctx.note(
          `(t): of its ${byKey.t.tasks} tasks, arrived / departed (a few in the short round after they were added)`,
          `${arrived} / ${departed}`,
          'tasks',
        );
      }
      if (byKey.a && byKey.b) ctx.note('(a) ÷ (b): what 10 000 geofences cost, same rounds', ratio('a', 'b'), '');
    } finally {
      for (const v of variants) v.stream.destroy();
      server.closeAllConnections();
      server.close();
    }
    if (MEMORY_TRACKERS > 0) await memoryOfStates(ctx);
  },
};
