// Position statistics from the store: 100 assets × 30 days at one message per 10 s (~26 million
// points), how the time grows with assets and days, the store's size per million points, and
// the import rate of `import-messages`.
//
// Set-up in bulk through ctx.db, in the store's own format (the built app's code packs and
// summarizes): every tracker-day document (hour summaries) and tracker-period document (day
// summaries) for 32 days, and the hour documents of the hours the queries cut (their edges),
// with real points. The hour documents of the hours in between are not written: a query reads
// their summaries and never opens them (they would take ~1.7 GB of packed points in the
// in-memory benchmark database).
const { join } = require('node:path');
const { Types } = require('mongoose');
const { BSON } = require('mongodb');
const { DateTime } = require('luxon');
const { importRate } = require('../lib/import-rate');
const { addTrackers } = require('../lib/trackers');

const dist = (path) => require(join(__dirname, '../../dist/src/positions', path));
const { summarize, mergeSummaries } = dist('telemetry/telemetry-summary.js');
const { packPoints, groupByHour } = dist('store/hour-bucket.js');
const { bucketId, PERIOD_SECONDS } = dist('store/telemetry-bucket.schema.js');

const ZONE = 'America/Santiago';
const STEP = 10; // seconds between messages
const DAY = 86400;
const ASSETS = 100;

/** A day of a truck's messages every 10 s from `start`: driving loops around Santiago, two sensors. */
function dayOfPoints(seed, start, seconds = DAY) {
  const points = [];
  let lat = -33.45 + (seed % 10) * 0.01;
  let lng = -70.65 - Math.floor(seed / 10) * 0.01;
  let heading = seed;
  for (let t = 0; t < seconds; t += STEP) {
    const hour = ((t / 3600) | 0) % 24;
    const speed = hour >= 7 && hour < 19 ? 20 + ((t / STEP + seed) % 70) : 0;
    heading += 0.02;
    const km = (speed * STEP) / 3600;
    lat += (km / 111.2) * Math.cos(heading);
    lng += (km / 93.0) * Math.sin(heading);
    points.push({
      ts: start + t,
      lat,
      lng,
      speed,
      alt: 520,
      dir: Math.round(((heading * 180) / Math.PI) % 360),
      temps: { 'temperature.1': 3.5 + ((t / STEP) % 13) / 10, 'temperature.2': -18.5 + ((t / STEP) % 7) / 10 },
    });
  }
  return points;
}

const shift = (summary, by) => ({
  ...summary,
  first: summary.first && [summary.first[0] + by, summary.first[1], summary.first[2]],
  last: summary.last && [summary.last[0] + by, summary.last[1], summary.last[2]],
});

async function setUp(ctx, toSeconds) {
  const clientId = ctx.manifest.clients.acme.id;
  const trackers = await addTrackers(ctx.db, { clientId, count: ASSETS, vendorBase: 9_000_000, label: 'Bench' });

  const lastDay = Math.floor(toSeconds / DAY) * DAY;
  const firstDay = lastDay - 31 * DAY;
  // The hours the measured ranges start and end in (1, 7 and 30 days before `to`, and `to`).
  const edgeHours = new Set([0, 1, 7, 30].map((days) => Math.floor((toSeconds - days * DAY) / 3600) * 3600));
  const started = Date.now();
  let dayBytes = 0;
  let dayDocs = 0;
  for (const [i, tracker] of trackers.entries()) {
    const trackerId = tracker.trackerId.toHexString();
    const template = groupByHour(dayOfPoints(i, firstDay));
    const hours = {};
    for (const [start, points] of template) hours[String((start - firstDay) / 3600)] = summarize(points);
    const daySummary = mergeSummaries(
      Object.keys(hours)
        .sort((a, b) => a - b)
        .map((h) => hours[h]),
    );
    const days = [];
    const periods = new Map();
    for (let day = firstDay; day <= lastDay; day += DAY) {
      const shifted = Object.fromEntries(Object.entries(hours).map(([h, s]) => [h, shift(s, day - firstDay)]));
      days.push({ _id: bucketId(trackerId, day), trackerId: tracker.trackerId, start: day, hours: shifted });
      const period = Math.floor(day / PERIOD_SECONDS) * PERIOD_SECONDS;
      if (!periods.has(period)) periods.set(period, { _id: bucketId(trackerId, period), trackerId: tracker.trackerId, start: period, days: {} });
      periods.get(period).days[String((day - period) / DAY)] = shift(daySummary, day - firstDay);
    }
    dayBytes += days.reduce((n, doc) => n + BSON.calculateObjectSize(doc), 0) + [...periods.values()].reduce((n, doc) => n + BSON.calculateObjectSize(doc), 0);
    dayDocs += days.length;
    await ctx.db.collection('telemetry_days').insertMany(days, { ordered: false });
    await ctx.db.collection('telemetry_periods').insertMany([...periods.values()], { ordered: false });
    const edges = [...edgeHours].map((hour) => {
      const points = dayOfPoints(i, hour, 3600);
      return { _id: bucketId(trackerId, hour), trackerId: tracker.trackerId, start: hour, ...packPoints(points), summary: summarize(points) };
    });
    await ctx.db.collection('telemetry_hours').insertMany(edges, { ordered: false });
  }
  ctx.note('Set-up: day documents written (100 trackers × 32 days; plus their period documents)', dayDocs, 'documents');
  ctx.note('Set-up time (summaries of 100 template days + bulk insert)', Date.now() - started, 'ms');
  return { assetIds: trackers.map((tracker) => tracker.assetId), trackers, dayBytesPerDoc: dayBytes / dayDocs };
}

function storeSize(ctx, dayBytesPerDoc) {
  // One tracker-hour at one message per 10 s: 360 points, packed, with its summary.
  const points = dayOfPoints(0, 1_767_225_600, 3600);
  const hourDoc = {
    _id: bucketId(new Types.ObjectId().toHexString(), 1_767_225_600),
    trackerId: new Types.ObjectId(),
    start: 1_767_225_600,
    ...packPoints(points),
    summary: summarize(points),
  };
  const hourBytes = BSON.calculateObjectSize(hourDoc);
  const perMillion = (1e6 / 360) * (hourBytes + dayBytesPerDoc / 24);
  ctx.note(
    'Store size per million points (10 s messages, 2 sensors; BSON of hour, day and period documents, before compression)',
    Math.round(perMillion / 2 ** 20),
    'MiB',
  );
}

module.exports = {
  name: 'telemetry',
  async run(ctx) {
    const now = DateTime.now().setZone(ZONE).startOf('minute');
    const to = now.minus({ minutes: 7 });
    const { assetIds, trackers, dayBytesPerDoc } = await setUp(ctx, to.toUnixInteger());
    const fmt = (date) => date.toFormat('dd/MM/yyyy HH:mm');
    const statsOnce = async (ids, days) => {
      const body = JSON.stringify({ assetIds: ids, from: fmt(to.minus({ days })), to: fmt(to) });
      const res = await fetch(`${ctx.baseUrl}/api/positions/stats`, { method: 'POST', headers: { 'content-type': 'application/json', ...ctx.auth() }, body });
      const json = await res.json();
      if (res.status !== 200 || json.data.assetsPositionsStats.length !== ids.length)
        throw new Error(`stats answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    const global = await statsOnce(assetIds, 30);
    ctx.note('Points covered by one 100-asset 30-day request', global.globalStats.totalPositions, 'positions');

    for (const assets of [1, 10, 100]) {
      await ctx.time({ title: `POST /api/positions/stats, ${assets} asset(s) × 30 days`, runs: 5, fn: () => statsOnce(assetIds.slice(0, assets), 30) });
    }
    for (const days of [1, 7]) {
      await ctx.time({ title: `POST /api/positions/stats, 100 assets × ${days} day(s)`, runs: 5, fn: () => statsOnce(assetIds, days) });
    }
    await ctx.load({
      title: 'POST /api/positions/stats, 100 assets × 30 days (load)',
      method: 'POST',
      path: '/api/positions/stats',
      headers: ctx.auth(),
      body: { assetIds, from: fmt(to.minus({ days: 30 })), to: fmt(to) },
      // Each request reads a few hundred documents: a handful of connections saturate two cores.
      connections: [1, 4],
      seconds: Math.max(ctx.seconds, 10),
    });
    storeSize(ctx, dayBytesPerDoc);
    await importRate(ctx, trackers[0].vendorId);
  },
};
