// History by area (`POST /api/positions/area-search`, docs/telemetry.md "History by area"): 100
// assets × 31 days of 30 s fixes (~8.9 million fixes) driving around Santiago, searched with a
// circle, a small polygon, and an area holding every fix (every hour would be read: refused, 400).
//
// Set-up in bulk through ctx.db, in the store's own format (the built app's code packs and
// summarizes): every tracker-hour document with its points and summary, and every tracker-day
// document with its hours' summaries (their boxes are what the search skips hours by).
// BENCH_AREA_ASSETS and BENCH_AREA_DAYS change the size.
const { join } = require('node:path');
const { addTrackers } = require('../lib/trackers');

const dist = (path) => require(join(__dirname, '../../dist/src/positions', path));
const { summarize } = dist('telemetry/telemetry-summary.js');
const { packPoints, groupByHour } = dist('store/hour-bucket.js');
const { bucketId } = dist('store/telemetry-bucket.schema.js');

const ASSETS = Number(process.env.BENCH_AREA_ASSETS ?? 100);
const DAYS = Number(process.env.BENCH_AREA_DAYS ?? 31);
const STEP = 30; // seconds between fixes
const DAY = 86400;
// The region the trucks drive in: about 28 × 28 km.
const REGION = { south: -33.6, north: -33.35, west: -70.8, east: -70.5 };

/** A small deterministic generator (mulberry32): the same fleet on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A day of a truck's fixes every 30 s: parked at home at night, driving the city from 07:00 to 19:00. */
function dayOfFixes(next, home, start) {
  const points = [];
  let [lat, lng] = home;
  let heading = next() * 2 * Math.PI;
  let speed = 0;
  for (let t = 0; t < DAY; t += STEP) {
    const hour = Math.floor(t / 3600);
    if (hour >= 7 && hour < 19) {
      speed = Math.max(0, Math.min(60, speed + (next() - 0.5) * 10));
      heading += (next() - 0.5) * 0.6;
      const km = (speed * STEP) / 3600;
      lat += (km / 111.2) * Math.cos(heading);
      lng += (km / 93.0) * Math.sin(heading);
      if (lat < REGION.south || lat > REGION.north || lng < REGION.west || lng > REGION.east) heading += Math.PI;
      lat = Math.max(REGION.south, Math.min(REGION.north, lat));
      lng = Math.max(REGION.west, Math.min(REGION.east, lng));
    } else {
      speed = 0;
      [lat, lng] = home;
    }
    points.push({ ts: start + t, lat, lng, speed: Math.round(speed), alt: 520, dir: null, temps: {} });
  }
  return points;
}

async function setUp(ctx, firstDay) {
  const clientId = ctx.manifest.clients.acme.id;
  const trackers = await addTrackers(ctx.db, { clientId, count: ASSETS, vendorBase: 9_500_000, label: 'Area' });
  const started = Date.now();
  let fixes = 0;
  for (const [i, tracker] of trackers.entries()) {
    const next = random(i + 1);
    const home = [REGION.south + next() * (REGION.north - REGION.south), REGION.west + next() * (REGION.east - REGION.west)];
    const trackerId = tracker.trackerId.toHexString();
    for (let day = firstDay; day < firstDay + DAYS * DAY; day += DAY) {
      const hours = [];
      const summaries = {};
      for (const [start, points] of groupByHour(dayOfFixes(next, home, day))) {
        const summary = summarize(points);
        summaries[String((start - day) / 3600)] = summary;
        hours.push({ _id: bucketId(trackerId, start), trackerId: tracker.trackerId, start, ...packPoints(points), summary });
        fixes += points.length;
      }
      await ctx.db.collection('telemetry_hours').insertMany(hours, { ordered: false });
      await ctx.db.collection('telemetry_days').insertOne({ _id: bucketId(trackerId, day), trackerId: tracker.trackerId, start: day, hours: summaries });
    }
  }
  ctx.note(`Set-up: fixes stored (${ASSETS} trackers × ${DAYS} days at 30 s)`, fixes, 'fixes');
  ctx.note('Set-up time (generate, pack, summarize, insert)', Date.now() - started, 'ms');
  return trackers.map((tracker) => tracker.assetId);
}

const rectangle = (west, south, east, north) => ({
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  },
});

module.exports = {
  name: 'area-search',
  async run(ctx) {
    const firstDay = Math.floor(Date.now() / 1000 / DAY) * DAY - (DAYS + 1) * DAY;
    const assetIds = await setUp(ctx, firstDay);
    const period = { from: new Date(firstDay * 1000).toISOString(), to: new Date((firstDay + DAYS * DAY) * 1000).toISOString(), assetIds };
    const searchOnce = async (area, expected = 200) => {
      const res = await fetch(`${ctx.baseUrl}/api/positions/area-search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ctx.auth() },
        body: JSON.stringify({ ...area, ...period }),
      });
      const json = await res.json();
      if (res.status !== expected) throw new Error(`area search answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json.data ?? json.error;
    };
    const areas = [
      ['a circle of 500 m', { geometry: { type: 'Point', coordinates: [-70.65, -33.47] }, radiusM: 500 }],
      ['a polygon of about 2 × 2 km', rectangle(-70.71, -33.53, -70.69, -33.51)],
    ];
    for (const [name, area] of areas) {
      const found = await searchOnce(area);
      const intervals = found.reduce((n, visitor) => n + visitor.intervals.length, 0);
      const inside = found.reduce((n, visitor) => n + visitor.intervals.reduce((m, interval) => m + interval.fixes, 0), 0);
      ctx.note(`${name}: assets found / intervals / fixes inside`, `${found.length} / ${intervals} / ${inside}`, '');
      await ctx.time({ title: `POST /api/positions/area-search, ${ASSETS} assets × ${DAYS} days, ${name}`, runs: 5, fn: () => searchOnce(area) });
    }
    // An area holding every fix: every hour would be read, over the bound (MAX_SEARCH_HOURS), so refused once the day documents are read.
    if (ASSETS * DAYS * 24 > 15_000) {
      const everywhere = rectangle(-70.81, -33.61, -70.49, -33.34);
      ctx.note('a polygon holding every fix: the answer', String(await searchOnce(everywhere, 400)).slice(0, 140), '');
      await ctx.time({ title: 'the same, a polygon holding every fix (400: over the hours one search reads)', runs: 5, fn: () => searchOnce(everywhere, 400) });
    }
  },
};
