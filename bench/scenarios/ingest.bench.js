// Ingestion through `POST /api/telemetry/flespi` and what is read back from ingested data:
// the HTTP ingestion rate (batches of 1 000 messages, 4 requests at once; target
// ≥ 100 000 messages/s, compared with `import-messages` in the same run), a 30-day track at 10 s
// (259 200 points, ingested through the route) simplified to 2 000 points (target < 300 ms), and
// position stats of 100 assets × 30 days whose data came through the route (target < 1 s).
//
// Everything here belongs to the demo client globex, so that acme's latest positions (the live
// scenario) keep their 1 002 assets. Trackers and assets are inserted in bulk through ctx.db.
const { join } = require('node:path');
const { DateTime } = require('luxon');
const { benchMessage, importRate } = require('../lib/import-rate');
const { addTrackers: addTrackersTo } = require('../lib/trackers');

const { INGEST_TOKEN } = require('../lib/ingest-load'); // run.js gives it to the app
const BATCH = 1000;
const CONCURRENCY = 4;
const ZONE = 'America/Santiago'; // the demo clients' time zone

const addTrackers = (ctx, count, vendorBase, label) => addTrackersTo(ctx.db, { clientId: ctx.manifest.clients.globex.id, count, vendorBase, label });

/**
 * Posts `batches` (functions building a batch's messages) with CONCURRENCY requests in flight;
 * the messages/s from the first request to the last answer, and the summed counts.
 */
async function postAll(ctx, batches, { serializedFirst = false } = {}) {
  const counts = { accepted: 0, duplicates: 0, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0 };
  const serialize = (build) => {
    const body = build();
    return { count: body.length, payload: JSON.stringify(body) };
  };
  // The throughput figure serializes its batches before the clock starts: this process shares the
  // app's two cores, and building 1 000 messages' JSON per request is the sender's work, not the app's.
  const ready = serializedFirst ? batches.map(serialize) : null;
  let next = 0;
  let messages = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const i = next++;
        const { count, payload } = ready ? ready[i] : serialize(batches[i]);
        messages += count;
        const res = await fetch(`${ctx.baseUrl}/api/telemetry/flespi`, {
          method: 'POST',
          headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
          body: payload,
        });
        const answer = await res.json();
        if (res.status !== 200) throw new Error(`ingestion answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
        for (const key of Object.keys(counts)) counts[key] += answer.data[key];
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // A fixed route replayed each day jumps back at midnight: those fixes are stored too, as implausible.
  if (counts.accepted + counts.implausible !== messages) throw new Error(`ingestion accepted ${counts.accepted} of ${messages}: ${JSON.stringify(counts)}`);
  return { messages, seconds, rate: Math.round(messages / seconds) };
}

/** Batches of BATCH consecutive messages (`step` s apart from `start`) per tracker, interleaved across trackers. */
function batchesOf(trackers, { start, step, count, message = benchMessage }) {
  const batches = [];
  for (let offset = 0; offset < count; offset += BATCH) {
    for (const { vendorId } of trackers) {
      batches.push(() =>
        Array.from({ length: Math.min(BATCH, count - offset) }, (_, k) => ({
          'device.id': vendorId,
          ...message(offset + k, 0),
          timestamp: start + (offset + k) * step,
        })),
      );
    }
  }
  return batches;
}

/**
 * The floor under the HTTP figure: the same batches written by the app's own store writer (built
 * code, `dist/`) from this process, CONCURRENCY at once — the hour, day and period reads and bulk
 * writes that every batch needs, without HTTP, JSON, routing, the latest position or trips.
 */
async function storeWriterRate(ctx, trackers) {
  const dist = (path) => require(join(__dirname, '../../dist/src/positions', path));
  const { TelemetryStoreWriter } = dist('store/telemetry-store-writer.service.js');
  const { TelemetryHourSchema, TelemetryDaySchema, TelemetryPeriodSchema } = dist('store/telemetry-bucket.schema.js');
  const { toTelemetryPoint } = dist('telemetry/telemetry-point.js');
  const writer = new TelemetryStoreWriter(
    ctx.db.model('BenchHour', TelemetryHourSchema),
    ctx.db.model('BenchDay', TelemetryDaySchema),
    ctx.db.model('BenchPeriod', TelemetryPeriodSchema),
  );
  const byVendor = new Map(trackers.map((tracker) => [tracker.vendorId, tracker.trackerId]));
  // Parsed before the clock starts: the HTTP figure's JSON and message parsing are not part of the floor.
  const batches = batchesOf(trackers, { start: 1_704_067_200, step: 1, count: 50_000 }).map((build) => {
    const messages = build();
    return { trackerId: byVendor.get(messages[0]['device.id']), points: messages.map(toTelemetryPoint) };
  });
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const { trackerId, points } = batches[next++];
        await writer.write(trackerId, points);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return Math.round(batches.reduce((sum, batch) => sum + batch.points.length, 0) / seconds);
}

/** A truck driving loops for a month: a track whose shape the simplification must keep. */
function drivingMessage(i) {
  const heading = i / 500;
  return {
    'position.latitude': -33.45 + Math.sin(heading) * 0.2 + i * 1e-7,
    'position.longitude': -70.65 + Math.cos(heading * 1.3) * 0.2,
    'position.speed': 30 + (i % 60),
    'position.altitude': 520,
    'position.direction': Math.round((heading * 57.3) % 360),
  };
}

module.exports = {
  name: 'ingest',
  async run(ctx) {
    const fmt = (date) => date.toFormat('dd/MM/yyyy HH:mm');
    const to = DateTime.now().setZone(ZONE).startOf('minute').minus({ minutes: 7 });
    const from = to.minus({ days: 30 });
    const headers = { 'content-type': 'application/json', ...ctx.auth('admin', 'globex') };

    // 1. Throughput: 4 trackers, 50 batches each of 1 000 messages 1 s apart (like the import file).
    const rateTrackers = await addTrackers(ctx, 5, 9_500_000, 'Ingest');
    const oneEach = await postAll(ctx, batchesOf(rateTrackers.slice(0, 4), { start: 1_704_067_200, step: 1, count: 50_000 }), { serializedFirst: true });
    ctx.note(
      `POST /api/telemetry/flespi: ${oneEach.messages} messages, batches of ${BATCH} of one tracker each, ${CONCURRENCY} at once, bodies serialized before the clock (target ≥ 100 000/s)`,
      oneEach.rate,
      'messages/s',
    );
    const imported = await importRate(ctx, rateTrackers[4].vendorId);
    ctx.note('HTTP ingestion ÷ import-messages, same run', Math.round((oneEach.rate / imported) * 100) / 100, '');
    const floor = await storeWriterRate(ctx, await addTrackers(ctx, 4, 9_505_000, 'Floor'));
    ctx.note(
      `The store writer alone, the same ${oneEach.messages} messages in the same batches, ${CONCURRENCY} at once (no HTTP, latest position or trips)`,
      floor,
      'messages/s',
    );
    ctx.note('HTTP ingestion ÷ the store writer alone, same run', Math.round((oneEach.rate / floor) * 100) / 100, '');

    // 2. Track: one tracker, 30 days at 10 s, ingested through the route; then the simplified track.
    const [trackTracker] = await addTrackers(ctx, 1, 9_510_000, 'Track');
    const points = 30 * 8640;
    const track = await postAll(ctx, batchesOf([trackTracker], { start: from.toUnixInteger(), step: 10, count: points, message: drivingMessage }));
    ctx.note(`Set-up: a 30-day track at 10 s (${track.messages} messages) through the route, one tracker`, track.rate, 'messages/s');
    const trackUrl = `${ctx.baseUrl}/api/assets/${trackTracker.assetId}/track?from=${encodeURIComponent(fmt(from))}&to=${encodeURIComponent(fmt(to))}&maxPoints=2000`;
    const first = await (await fetch(trackUrl, { headers })).json();
    if (!first.data || first.data.points.length > 2000 || first.data.totalPoints < 250_000)
      throw new Error(`track answered ${JSON.stringify(first).slice(0, 300)}`);
    ctx.note('Points in the 30-day range → answered', `${first.data.totalPoints} → ${first.data.points.length}`, 'points');
    await ctx.time({
      title: 'GET /api/assets/{id}/track, 30 days at 10 s simplified to 2 000 points (target < 300 ms)',
      runs: 5,
      fn: async () => (await fetch(trackUrl, { headers })).arrayBuffer(),
    });

    // 3. Stats: 100 trackers × 30 days, one message every 5 minutes (every hour, day and period
    // document of the range is written by ingestion; stats read their summaries, not the points).
    const statsTrackers = await addTrackers(ctx, 100, 9_520_000, 'Stats');
    const perTracker = 30 * 288;
    const stats = await postAll(ctx, batchesOf(statsTrackers, { start: from.toUnixInteger(), step: 300, count: perTracker, message: drivingMessage }));
    ctx.note(`Set-up: 100 trackers × 30 days at 5 min (${stats.messages} messages) through the route, batches of one tracker`, stats.rate, 'messages/s');
    const body = JSON.stringify({ assetIds: statsTrackers.map((t) => t.assetId), from: fmt(from), to: fmt(to) });
    const statsOnce = async () => {
      const res = await fetch(`${ctx.baseUrl}/api/positions/stats`, { method: 'POST', headers, body });
      const json = await res.json();
      if (res.status !== 200 || json.data.assetsPositionsStats.length !== 100)
        throw new Error(`stats answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    ctx.note('Points covered by the 100-asset 30-day stats', (await statsOnce()).globalStats.totalPositions, 'positions');
    await ctx.time({ title: 'POST /api/positions/stats, 100 assets × 30 days of ingested data (target < 1 s)', runs: 5, fn: statsOnce });
  },
};
