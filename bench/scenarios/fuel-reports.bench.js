// The trip report at volume: 100 assets of the demo client acme, each with its tracker and a
// fuel profile (stored in bulk through ctx.db as the app stores them), and ten trips a day for each
// over October 2026 (31 000 trips in `telemetry_trips`, as trip detection stores them). Then
// `POST /api/reports/trips` for the 100 assets and the 31 days in xlsx, pdf and csv — each run a
// period one second shorter, so that none is served from the cache — with the app's RSS sampled
// every 100 ms during each build, and a cached repeat (the period ended long ago, so it is cached).
// The first build also costs the 31 000 trips (their cost entries are written then): it is a figure
// of its own. `BENCH_REPORT_ASSETS` and `BENCH_REPORT_TRIPS_PER_DAY` change the 100 and the 10.
const { Types } = require('mongoose');
const { insertInBatches } = require('../lib/bulk');
const { rssMiB } = require('../lib/processes');

const ASSETS = Number(process.env.BENCH_REPORT_ASSETS ?? 100);
const TRIPS_PER_DAY = Number(process.env.BENCH_REPORT_TRIPS_PER_DAY ?? 10);
const DAYS = 31;
// October 2026 in the client's zone (America/Santiago, UTC−3 then): trips from 09:00 local.
const FIRST_DAY_UTC_S = Date.UTC(2026, 9, 1, 12, 0, 0) / 1000;
const FROM = '01/10/2026 00:00';
/** The period's end; `second` makes each build's period (and so its cache key) its own. */
const periodEnd = (second) => `31/10/2026 23:59:${String(59 - second).padStart(2, '0')}`;

/** Google's encoded polyline of some points (the trips' `route`, which the report reads the ends from). */
function encodePolyline(points) {
  let out = '';
  let lastLat = 0;
  let lastLng = 0;
  const put = (value) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    out += String.fromCharCode(v + 63);
  };
  for (const { lat, lng } of points) {
    const la = Math.round(lat * 1e5);
    const ln = Math.round(lng * 1e5);
    put(la - lastLat);
    put(ln - lastLng);
    lastLat = la;
    lastLng = ln;
  }
  return out;
}

async function setUp(ctx) {
  const acme = ctx.manifest.clients.acme;
  const clientId = new Types.ObjectId(acme.id);
  const tariffId = new Types.ObjectId(acme.fuelTariff);
  const now = new Date();
  const trackers = Array.from({ length: ASSETS }, (_, i) => ({
    _id: new Types.ObjectId(),
    clientId,
    vendorId: 7_290_000 + i,
    name: `Bench report tracker ${i}`,
    createdAt: now,
    updatedAt: now,
  }));
  const assets = trackers.map((tracker, i) => {
    const plate = `RP-${String(i).padStart(4, '0')}`;
    return {
      _id: new Types.ObjectId(),
      clientId,
      name: `Bench report truck ${String(i).padStart(3, '0')}`,
      plate,
      plateKey: `${acme.id}:${plate.replace('-', '')}`,
      kind: 'truck',
      icon: { id: 'truck', color: '#1e88e5' },
      mainTrackerId: tracker._id,
      groupIds: [],
      eventSettings: null,
      fuel: { tariffId, consumptionLPer100Km: 25 + (i % 10), tankCapacityL: 400 },
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertInBatches(ctx.db.collection('trackers'), trackers);
  await insertInBatches(ctx.db.collection('assets'), assets);

  const trips = [];
  for (const [a, tracker] of trackers.entries()) {
    let id = 1;
    for (let day = 0; day < DAYS; day++) {
      for (let k = 0; k < TRIPS_PER_DAY; k++) {
        const begin = FIRST_DAY_UTC_S + day * 86_400 + Math.floor((k * 12 * 3600) / TRIPS_PER_DAY) + (a % 60);
        const duration = 1200 + ((a * 7 + day * 3 + k) % 30) * 60;
        const distance = Math.round((5 + ((a + day + k * 3) % 40) + 0.123) * 1000) / 1000;
        const lat = -33.45 + (a % 20) * 0.01 + k * 0.002;
        const lng = -70.66 + (day % 10) * 0.01;
        trips.push({
          _id: `${tracker._id.toHexString()}:${id}`,
          trackerId: tracker._id,
          id,
          avg_speed: Math.round((distance / duration) * 3600),
          max_speed: 60 + ((a + k) % 50),
          begin,
          end: begin + duration,
          timestamp: begin + duration,
          distance,
          duration,
          start_battery_level: null,
          end_battery_level: null,
          route: encodePolyline([
            { lat, lng },
            { lat: lat + 0.01, lng: lng + 0.005 },
            { lat: lat + 0.02, lng: lng + 0.02 },
          ]),
          type: 'trip',
          positions: [],
        });
        id += 1;
      }
    }
  }
  await insertInBatches(ctx.db.collection('telemetry_trips'), trips);
  return { assetIds: assets.map((asset) => asset._id.toHexString()), trips: trips.length };
}

/** One report read to its last byte, with the app's RSS sampled every 100 ms meanwhile. */
async function reportOnce(ctx, body, kind = 'trips') {
  const samples = [rssMiB(ctx.app.child.pid)];
  const timer = setInterval(() => samples.push(rssMiB(ctx.app.child.pid)), 100);
  const started = process.hrtime.bigint();
  let bytes = 0;
  let cache;
  try {
    const res = await fetch(`${ctx.baseUrl}/api/reports/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ctx.auth() },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`POST /api/reports/${kind} (${body.format}) answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    cache = res.headers.get('x-report-cache');
    for await (const chunk of res.body) bytes += chunk.length;
  } finally {
    clearInterval(timer);
  }
  const defined = samples.filter((s) => s !== undefined);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, cache, rssBefore: samples[0], rssPeak: Math.max(...defined) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (value) => Math.round(value * 10) / 10;

module.exports = {
  setUp, // bench/report-data.js stores the same trips
  name: 'fuel-reports',
  async run(ctx) {
    const started = Date.now();
    const { assetIds, trips } = await setUp(ctx);
    ctx.note(`Set-up: ${ASSETS} assets with trackers and fuel profiles, ${trips} trips over ${DAYS} days (insertMany)`, Date.now() - started, 'ms');
    let second = 0;
    const body = (format) => ({ assetIds, from: FROM, to: periodEnd(second++), format });

    // The first build reads the trips for the first time: it costs all of them (writes their cost entries).
    const first = await reportOnce(ctx, body('csv'));
    if (first.cache !== 'miss') throw new Error(`the first report was not built (X-Report-Cache: ${first.cache})`);
    ctx.note(`POST /api/reports/trips csv, first build (costs the ${trips} trips), RSS ${first.rssBefore} → peak ${first.rssPeak} MiB`, round1(first.ms), 'ms');
    const entries = await ctx.db
      .collection('fuel_cost_entries')
      .countDocuments({ source: 'trip', assetId: { $in: assetIds.map((id) => new Types.ObjectId(id)) } });
    ctx.note('trip cost entries written by the first build', entries, 'entries');

    const runsOf = { xlsx: 3, pdf: 2, csv: 3 };
    const targets = { xlsx: ' (target < 3 s)', pdf: ' (target < 10 s)', csv: '' };
    let lastXlsx;
    for (const format of ['xlsx', 'pdf', 'csv']) {
      const runs = [];
      try {
        for (let i = 0; i < runsOf[format]; i++) {
          const request = body(format);
          const run = await reportOnce(ctx, request);
          if (run.cache !== 'miss') throw new Error(`a ${format} report was served from the cache`);
          runs.push(run);
          if (format === 'xlsx') lastXlsx = request;
        }
      } catch (error) {
        // A format that fails (the PDF's renderer) is a figure too; the others are still measured.
        ctx.note(
          `POST /api/reports/trips ${format}, ${ASSETS} assets × ${DAYS} days: FAILED after ${runs.length} runs`,
          String(error.message ?? error).slice(0, 200),
        );
        continue;
      }
      const times = runs.map((r) => round1(r.ms));
      ctx.note(
        `POST /api/reports/trips ${format}, ${ASSETS} assets × ${DAYS} days (${trips} trips), built: median of ${runs.length} (${times.join(', ')} ms)${targets[format]}`,
        median(times),
        'ms',
      );
      ctx.note(`  ${format} file size`, round1(runs[0].bytes / 2 ** 20), 'MiB');
      const growth = runs.map((r) => r.rssPeak - r.rssBefore);
      ctx.note(
        `  app RSS growth during each ${format} build, peak − before (${runs.map((r) => `${r.rssBefore} → ${r.rssPeak}`).join(', ')} MiB) (target < 300 MB)`,
        Math.max(...growth),
        'MiB',
      );
    }

    // The fuel report reads and costs the same trips but writes one row per asset: its time is
    // the report's data (reads, costing, totals) without the 31 000 rows' formatting and writing.
    const fuelRuns = [];
    for (let i = 0; i < 3; i++) fuelRuns.push(await reportOnce(ctx, body('csv'), 'fuel'));
    ctx.note(
      `POST /api/reports/fuel csv, same assets and period (the trips' data without the trip rows): median of 3 (${fuelRuns.map((r) => round1(r.ms)).join(', ')} ms)`,
      median(fuelRuns.map((r) => round1(r.ms))),
      'ms',
    );

    // The cached repeat: the last xlsx again (its period ended more than an hour ago).
    await ctx.time({
      title: `POST /api/reports/trips xlsx, cached repeat (X-Report-Cache: hit) (target < 100 ms)`,
      runs: 11,
      fn: async () => {
        const run = await reportOnce(ctx, lastXlsx);
        if (run.cache !== 'hit') throw new Error(`the repeat was not served from the cache (X-Report-Cache: ${run.cache})`);
      },
    });
  },
};
