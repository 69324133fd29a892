#!/usr/bin/env node
/**
 * `npm run bench:compare -- [--path /api/auth/me] [--user admin] [--connections 10] [--rounds 8] [--seconds 2] NAME=DIR[@NODE_OPTIONS][+VAR=VALUE...] ...`
 *
 * Paired comparison of builds of the app on one route. Each DIR holds a `dist/` (a copy of an
 * earlier build, e.g. `cp -r dist package.json .bench-builds/before/`; keep copies under the
 * repository so they resolve its node_modules) and runs with its package.json's
 * `config.nodeOptions`, as `npm start` does (none without a package.json). All builds and a bare Express baseline run at once on one
 * embedded database with the demo data; rounds alternate between them, each round starting with
 * the next one, so the machine's drift hits every build alike. The figure compared is the app
 * process's CPU time per request (from /proc, Linux), which moves far less with a noisy
 * neighbour than req/s does; req/s, the ratio to bare Express, and the CPU per request of the
 * database and of the load generator (they share the machine's cores with the app) are printed
 * too. `{code}`, `{revoked}`, `{asset}`, `{driver}` and `{workOrder}` in the path become the demo manifest's valid and
 * revoked QR codes, its tracked asset, its existing driver and work order; `{anyDriver}` becomes each of the
 * client's drivers in turn (1 000 more added, copies of its first), request after request (reads of different records). `--user operator` asks as the demo's
 * operator, whose tracker scope is a list (the admin sees every tracker). `current=.@--max-semi-space-size=16` runs a build with
 * these Node options instead of its package.json's (to compare runtime flags); `metrics=.+METRICS_PORT=0` runs a build with more
 * environment variables (to compare settings).
 *
 * `--ingest N` measures `POST /api/telemetry/flespi` instead: N trackers (with their assets, in the
 * demo client acme) and batches of `--batch` messages spread over them, each with fresh
 * timestamps (nothing is a duplicate), posted by `--connections` senders; the figure is the app's
 * CPU time per message. To compare the cost of what ingestion does, give the variants different
 * settings (`with=.+SOME_SETTING=1 without=.`), or different builds.
 *
 * `--nest` adds a second baseline: NestJS on Express with one route answering the same JSON and
 * nothing of ours (`baselines/nest.js`), the framework's own share of the gap to bare Express.
 */
const { cpuMs } = require('./lib/process-cpu');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');
const { seedDemo, startApp, startBaseline } = require('./lib/processes');
const { ingestLoad, INGEST_TOKEN } = require('./lib/ingest-load');

const root = join(__dirname, '..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/api/auth/me' },
    user: { type: 'string', default: 'admin' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '2' },
    ingest: { type: 'string' },
    batch: { type: 'string', default: '1000' },
    nest: { type: 'boolean', default: false },
  },
});
const builds = (positionals.length > 0 ? positionals : ['current=.']).map((spec) => {
  const [name, location = name] = spec.split(/=(.*)/s);
  const [build, ...settings] = location.split('+');
  const [dir, nodeOptions] = build.split('@');
  return { name, dir: resolve(root, dir), nodeOptions, env: Object.fromEntries(settings.map((setting) => setting.split(/=(.*)/s))) };
});

const DRIVERS_IN_TURN = 1000;

/** With `{anyDriver}` in the path: the path of each of the client's drivers, one after the other; otherwise null. */
async function pathsOfEachDriver(uri, clientId, path) {
  if (!path.includes('{anyDriver}')) return null;
  const { MongoClient, ObjectId } = require(join(root, 'node_modules/mongodb'));
  const client = await MongoClient.connect(`${uri}/compare`);
  try {
    const drivers = client.db().collection('drivers');
    // The demo client has a couple of drivers: copies of its first (own ids and RUTs) make a fleet's worth.
    const first = await drivers.findOne({ clientId: new ObjectId(clientId) });
    await drivers.insertMany(Array.from({ length: DRIVERS_IN_TURN }, (_, i) => ({ ...first, _id: new ObjectId(), rut: `${first.rut}-${i}` })));
    const ids = await drivers.find({ clientId: new ObjectId(clientId) }, { projection: { _id: 1 } }).toArray();
    const all = ids.map(({ _id }) => path.replace('{anyDriver}', _id.toHexString()));
    let i = 0;
    return { count: all.length, next: () => all[i++ % all.length] };
  } finally {
    await client.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const { EmbeddedMongo } = require(join(root, 'dist/libs/database/src/embedded/embedded-mongo.js'));
  const mongo = await EmbeddedMongo.start({ javaHeap: process.env.BENCH_JAVA_HEAP ?? '4g' });
  const env = {
    MONGODB_URI: `${mongo.uri}/compare`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO_ON_EMPTY: 'false',
    TELEMETRY_INGEST_TOKENS: INGEST_TOKEN,
  };
  const servers = [];
  try {
    const acme = (await seedDemo(root, env)).clients.acme;
    const path = args.path
      .replace('{code}', acme.qrCodes.valid)
      .replace('{revoked}', acme.qrCodes.revoked)
      .replace('{asset}', acme.assets.tracked)
      .replace('{driver}', acme.drivers.existing.id)
      .replace('{workOrder}', acme.workOrder);
    if (!acme.users[args.user]) throw new Error(`--user: one of ${Object.keys(acme.users).join(', ')}`);
    const headers = { authorization: `Bearer ${acme.users[args.user].apiToken}` };
    const paths = await pathsOfEachDriver(mongo.uri, acme.id, path);
    if (paths) console.log(`{anyDriver}: ${paths.count} drivers in turn`);

    for (const build of builds) {
      servers.push({
        ...build,
        server: await startApp(build.dir, { ...env, ...build.env, ...(build.nodeOptions ? { NODE_OPTIONS: build.nodeOptions } : {}) }),
      });
    }
    // Each variant ingests into trackers of its own: one's buckets never hold the other's points.
    const newIngestLoad = () => ingestLoad({ uri: `${mongo.uri}/compare`, clientId: acme.id, trackers: Number(args.ingest), batch: Number(args.batch) });
    const ingest = args.ingest ? await newIngestLoad() : null;
    for (const entry of ingest ? servers : []) entry.ingest = await newIngestLoad();
    const body = ingest ? ingest.answer : await (await fetch(`${servers[0].server.url}${paths ? paths.next() : path}`, { headers })).text();
    servers.push({ name: 'bare Express', server: await startBaseline(join(__dirname, 'baselines', 'express.js'), body) });
    if (args.nest && !ingest) servers.push({ name: 'bare NestJS', server: await startBaseline(join(__dirname, 'baselines', 'nest.js'), body) });

    const connections = Number(args.connections);
    const load = (entry, duration) =>
      entry.ingest
        ? autocannon({
            url: urlOf(entry),
            connections,
            duration,
            method: 'POST',
            headers: ingest.headers,
            requests: [{ setupRequest: entry.ingest.nextRequest }],
          })
        : autocannon({
            url: urlOf(entry),
            connections,
            duration,
            headers,
            ...(paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths.next() }) }] } : {}),
          });
    const urlOf = (entry) => `${entry.server.url}${entry.ingest ? '/api/telemetry/flespi' : path}`;
    for (const entry of servers) await load(entry, 1); // warm-up
    const figures = new Map(
      servers.map(({ name }) => [name, { usPerRequest: [], dbUsPerRequest: [], loadUsPerRequest: [], reqPerSec: [], statuses: new Set() }]),
    );
    for (let round = 0; round < Number(args.rounds); round++) {
      // Each round starts with the next server: whichever runs first in a round was measured
      // slower (by up to a fifth), so a fixed order would favour the later builds.
      const order = servers.map((_, index) => servers[(index + round) % servers.length]);
      for (const entry of order) {
        const { name, server } = entry;
        const before = { app: cpuMs(server.child.pid), db: cpuMs(mongo.pid), load: process.cpuUsage() };
        const result = await load(entry, Number(args.seconds));
        const figure = figures.get(name);
        // Per message when ingesting (a request carries `--batch` of them), else per request.
        const perRequest = (ms) => (1000 * ms) / (result.requests.total * (ingest ? ingest.batch : 1));
        const loadCpu = process.cpuUsage(before.load);
        figure.usPerRequest.push(perRequest(cpuMs(server.child.pid) - before.app));
        figure.dbUsPerRequest.push(perRequest(cpuMs(mongo.pid) - before.db));
        figure.loadUsPerRequest.push(perRequest((loadCpu.user + loadCpu.system) / 1000));
        figure.reqPerSec.push(result.requests.average);
        Object.keys(result.statusCodeStats).forEach((status) => figure.statuses.add(status));
      }
    }

    const express = figures.get('bare Express');
    const what = ingest
      ? `POST /api/telemetry/flespi, batches of ${ingest.batch} messages over ${args.ingest} trackers (figures per message; bare Express answers the same JSON)`
      : `GET ${args.path} as ${args.user}`;
    console.log(`${what} at ${connections} connections, ${args.rounds} alternating rounds of ${args.seconds} s (medians)`);
    const [firstName, first] = [...figures][0];
    for (const [name, figure] of figures) {
      const ratios = figure.reqPerSec.map((rps, index) => rps / express.reqPerSec[index]);
      console.log(
        `  ${name.padEnd(16)} ${micros(median(figure.usPerRequest)).padStart(6)} µs CPU/${ingest ? 'message' : 'request'}` +
          ` (database ${micros(median(figure.dbUsPerRequest)).padStart(4)} µs, load generator ${micros(median(figure.loadUsPerRequest)).padStart(4)} µs)` +
          `  ${String(Math.round(median(figure.reqPerSec) * (ingest ? ingest.batch : 1))).padStart(6)} ${ingest ? 'messages' : 'req'}/s  ×${median(ratios).toFixed(2)} of bare Express` +
          `  statuses ${[...figure.statuses].join(',')}`,
      );
      if (name !== firstName && name !== 'bare Express') console.log(`  ${''.padEnd(16)} ${cpuAgainst(figure, first, firstName)}`);
    }
  } finally {
    for (const { server } of servers) await server.stop();
    await mongo.stop();
  }
}

/** Small figures (ingestion's, per message) with a tenth: whole microseconds would hide a tenth of them. */
const micros = (us) => (us < 100 ? us.toFixed(1) : String(Math.round(us)));

/** CPU against the first build, round by round (each round runs both): the median of those ratios, app and app + database. */
function cpuAgainst(figure, first, firstName) {
  const paired = (of) => median(of(figure).map((value, round) => value / of(first)[round]));
  const withDatabase = (f) => f.usPerRequest.map((us, round) => us + f.dbUsPerRequest[round]);
  return `CPU ×${paired((f) => f.usPerRequest).toFixed(2)} of ${firstName}'s, app + database ×${paired(withDatabase).toFixed(2)} (medians of the rounds' ratios)`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
