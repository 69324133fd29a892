#!/usr/bin/env node
/**
 * `npm run build && node bench/report-data.js [--rounds 5] [--kinds trips,fuel] [--format csv] NAME=DIR[@NODE_OPTIONS] ...`
 *
 * The fleet reports' data phase, build against build: the fuel-reports scenario's 100 assets ×
 * 31 days (31 000 trips, `BENCH_REPORT_ASSETS` / `BENCH_REPORT_TRIPS_PER_DAY` as there) stored
 * once on one embedded database, every build (a DIR holding a `dist/`, as for bench:compare)
 * started on it, each costs the trips once (a warm-up; the first one writes the cost entries),
 * then rounds alternate between the builds, each round starting with the next one. Each request
 * is a report not in the cache (its period one second shorter than any before). The figures are
 * per build: the app process's CPU time, the database process's CPU time during the request and
 * the wall time (medians over the rounds) — CPU times move far less than wall time when the
 * machine is shared. `NAME=.@--max-semi-space-size=32` runs a build with Node options. The csv of the fuel report (the same trips read and costed, one row per
 * asset) is the data phase alone; the trip report's csv adds its 31 000 rows.
 * `BENCH_REPORT_GEOCODED=1`: the apps have a geocoder and every route end's address is in the
 * geocode cache (as for a fleet whose places were all geocoded before), so the reports read the
 * cache; the geocoder itself is never asked.
 */
const { readFileSync } = require('node:fs');
const { cpuMs } = require('./lib/process-cpu');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const mongoose = require('mongoose');
const { runToExit, seedDemo, startApp } = require('./lib/processes');
const { setUp } = require('./scenarios/fuel-reports.bench');

const root = join(__dirname, '..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '5' }, kinds: { type: 'string', default: 'trips,fuel' }, format: { type: 'string', default: 'csv' } },
});
const builds = (positionals.length > 0 ? positionals : ['current=.']).map((spec) => {
  const [name, location = name] = spec.split(/=(.*)/s);
  const [dir, nodeOptions] = location.split('@');
  return { name, dir: resolve(root, dir), nodeOptions };
});
const kinds = args.kinds.split(',');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Each request's own period: the end one second earlier than any before (no cache hit). */
let shorter = 0;
function period() {
  const s = shorter++;
  return { from: '01/10/2026 00:00', to: `31/10/2026 23:${String(59 - Math.floor(s / 60)).padStart(2, '0')}:${String(59 - (s % 60)).padStart(2, '0')}` };
}

async function report(build, token, dbPid, kind, assetIds) {
  const body = JSON.stringify({ assetIds, ...period(), format: args.format });
  const app0 = cpuMs(build.server.child.pid);
  const db0 = cpuMs(dbPid);
  const started = process.hrtime.bigint();
  const res = await fetch(`${build.server.url}/api/reports/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200 || res.headers.get('x-report-cache') !== 'miss')
    throw new Error(`${build.name} ${kind}: ${res.status}, X-Report-Cache ${res.headers.get('x-report-cache')}`);
  return { appMs: cpuMs(build.server.child.pid) - app0, dbMs: cpuMs(dbPid) - db0, wallMs, bytes };
}

/** A cached address for each cell of every stored trip's route ends. */
async function cacheEveryRouteEnd(db) {
  const { polylineEnds } = require(join(root, 'dist/src/positions/trips/route-polyline.js'));
  const { geocodeKey } = require(join(root, 'dist/src/positions/trips/geocode-cache.schema.js'));
  const keys = new Set();
  for await (const { route } of db.collection('telemetry_trips').find({}, { projection: { route: 1 } })) {
    const { start, end } = polylineEnds(route ?? '');
    for (const point of [start, end]) if (point) keys.add(geocodeKey(point.lat, point.lng));
  }
  const resolvedAt = new Date();
  await db.collection('geocode_cache').insertMany([...keys].map((key) => ({ _id: key, address: `Calle ${key}, Santiago, Chile`, resolvedAt })));
  return keys.size;
}

async function main() {
  const { EmbeddedMongo } = require(join(root, 'dist/libs/database/src/embedded/embedded-mongo.js'));
  const mongo = await EmbeddedMongo.start({ javaHeap: process.env.BENCH_JAVA_HEAP ?? '4g' });
  const uri = `${mongo.uri}/report-data`;
  const env = { MONGODB_URI: uri, NODE_ENV: 'production', LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false', SEED_DEMO_ON_EMPTY: 'false' };
  const db = await mongoose.createConnection(uri).asPromise();
  try {
    const manifest = await seedDemo(root, env);
    const { assetIds, trips } = await setUp({ manifest, db });
    if (process.env.BENCH_REPORT_GEOCODED === '1') {
      env.GEOCODER_URL = 'http://127.0.0.1:9';
      console.log(`Geocode cache: ${await cacheEveryRouteEnd(db)} cells`);
    }
    const token = manifest.clients.acme.users.admin.apiToken;
    for (const build of builds) build.server = await startApp(build.dir, { ...env, ...(build.nodeOptions ? { NODE_OPTIONS: build.nodeOptions } : {}) });
    console.log(`${trips} trips of ${assetIds.length} assets; database: ${mongo.description}; load average ${loadAverage()}`);
    for (const build of builds) {
      const first = await report(build, token, mongo.pid, 'trips', assetIds);
      console.log(
        `${build.name}: warm-up trip report (${first.bytes} bytes): app ${first.appMs} ms CPU, database ${first.dbMs} ms CPU, ${Math.round(first.wallMs)} ms wall`,
      );
    }
    const runs = new Map(builds.flatMap((b) => kinds.map((k) => [`${b.name} ${k}`, []])));
    for (let round = 0; round < Number(args.rounds); round++) {
      for (let i = 0; i < builds.length; i++) {
        const build = builds[(round + i) % builds.length];
        for (const kind of kinds) runs.get(`${build.name} ${kind}`).push(await report(build, token, mongo.pid, kind, assetIds));
      }
    }
    console.log(`Medians of ${args.rounds} rounds (${args.format}); load average at the end ${loadAverage()}`);
    for (const [name, list] of runs) {
      const figure = (key) => `${Math.round(median(list.map((r) => r[key])))} (${list.map((r) => Math.round(r[key])).join(', ')})`;
      console.log(`  ${name}: app ${figure('appMs')} ms CPU, database ${figure('dbMs')} ms CPU, wall ${figure('wallMs')} ms`);
    }
  } finally {
    for (const build of builds) await build.server?.stop();
    await db.close();
    await mongo.stop();
  }
}

runToExit(main);
