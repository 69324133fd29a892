#!/usr/bin/env node
/**
 * `npm run bench [-- --only a,b] [-- --seconds N] [-- --soak]`
 *
 * Starts, in one run: an embedded in-memory database with the demo data, the real app (built,
 * in its own process, rate limits off, logging on), and two baselines answering the same JSON
 * (bare Node http, bare Express). Every load figure is printed with its ratio to bare Express at
 * the same number of connections, so results compare across machines. Scenarios live in
 * bench/scenarios/*.bench.js. Results: bench/results/latest.json (and a timestamped copy).
 */
const { mkdirSync, readdirSync, writeFileSync } = require('node:fs');
const { cpus, totalmem } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');
const mongoose = require('mongoose');
const { BenchContext, round } = require('./lib/context');
const { freePort, startApp, startBaseline, rssMiB, runToExit, seedDemo } = require('./lib/processes');
const { benchCertificate } = require('./lib/tls');

const root = join(__dirname, '..');
const { values: args } = parseArgs({
  options: { only: { type: 'string' }, seconds: { type: 'string', default: '10' }, soak: { type: 'boolean', default: false } },
});
const seconds = Number(args.seconds);

async function measureBaseline(url, connections) {
  const figures = {};
  for (const c of connections) {
    const result = await autocannon({ url, connections: c, duration: seconds });
    figures[c] = result.requests.average;
    console.log(
      `  ${url.includes('express') ? '' : ''}@${c}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
  }
  return figures;
}

function memoryProbe(pid) {
  const samples = [];
  const timer = setInterval(() => {
    const rss = rssMiB(pid);
    if (rss !== undefined) samples.push(rss);
  }, 500);
  return { stop: () => (clearInterval(timer), samples) };
}

async function main() {
  const { EmbeddedMongo } = require(join(root, 'dist/libs/database/src/embedded/embedded-mongo.js'));
  const mongo = await EmbeddedMongo.start({ javaHeap: process.env.BENCH_JAVA_HEAP ?? '4g' });
  const uri = `${mongo.uri}/bench`;
  const env = {
    MONGODB_URI: uri,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO_ON_EMPTY: 'false',
    // The partner endpoint answers 503 without them (documented); the bench measures its success path.
    PARTNER_PLATFORM_URL: 'https://partner.example.test/sso',
    PARTNER_SHARED_SECRET: 'bench-secret-of-32-characters!!!',
    // The live scenario posts positions to the flespi ingestion route.
    TELEMETRY_INGEST_TOKENS: 'bench-ingest-token-0123456789',
    // The alerts scenario's webhook receiver: https (production refuses http URLs) on 127.0.0.1
    // (production refuses loopback by default), with a certificate of the run the app trusts.
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    NODE_EXTRA_CA_CERTS: benchCertificate().certFile,
  };
  const stopAll = [];
  try {
    const seedStart = Date.now();
    const manifest = await seedDemo(root, env);
    const seedMs = Date.now() - seedStart;

    // BENCH_APP_METRICS=1: the run's app serves its metrics, and ingestion rounds count the database commands a batch sends.
    const metricsPort = process.env.BENCH_APP_METRICS ? await freePort() : undefined;
    const app = await startApp(
      root,
      metricsPort ? { ...env, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1', METRICS_DATABASE_COMMANDS: 'true' } : env,
    );
    if (metricsPort) app.metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    stopAll.push(app.stop);
    const token = manifest.clients.acme.users.admin.apiToken;
    const meBody = await (await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).text();

    console.log(`Machine: ${cpus().length} × ${cpus()[0].model}, ${Math.round(totalmem() / 2 ** 30)} GiB; database: ${mongo.description}`);
    console.log(`Demo seed: ${seedMs} ms (command line, including start-up)`);
    const connections = [1, 10, 50];
    const baseline = {};
    for (const [name, script] of [
      ['node', 'node-http.js'],
      ['express', 'express.js'],
    ]) {
      const server = await startBaseline(join(__dirname, 'baselines', script), meBody);
      console.log(`Baseline: bare ${name === 'node' ? 'Node http' : 'Express'} (same ${meBody.length}-byte JSON)`);
      baseline[name] = await measureBaseline(server.url, connections);
      await server.stop();
    }

    const db = await mongoose.createConnection(uri).asPromise();
    const ctx = new BenchContext({ baseUrl: app.url, manifest, db, dbPid: mongo.pid, app, baseline, seconds, root, appEnv: env });
    const rssBefore = rssMiB(app.child.pid);
    const probe = memoryProbe(app.child.pid);

    const files = readdirSync(join(__dirname, 'scenarios'))
      .filter((f) => f.endsWith('.bench.js'))
      .sort();
    const only = args.only?.split(',');
    for (const file of files) {
      const scenario = require(join(__dirname, 'scenarios', file));
      if (only && !only.includes(scenario.name)) continue;
      console.log(`Scenario: ${scenario.name}`);
      try {
        await scenario.run(ctx);
      } catch (error) {
        console.log(`  FAILED: ${error.stack ?? error}`);
        ctx.results.push({ kind: 'error', title: scenario.name, error: String(error) });
      }
    }
    if (args.soak) await require('./lib/soak').soak(ctx);

    const during = probe.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const memory = { rssBeforeMiB: rssBefore, rssPeakMiB: Math.max(...during, rssBefore ?? 0), rssAfterMiB: rssMiB(app.child.pid) };
    console.log(`App memory: RSS before ${memory.rssBeforeMiB} MiB, peak ${memory.rssPeakMiB} MiB, after ${memory.rssAfterMiB} MiB`);
    await db.close();

    const report = {
      generatedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0].model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      database: mongo.description,
      seconds,
      seedMs,
      baseline: Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([c, r]) => [c, Math.round(r)]))])),
      memory,
      results: ctx.results,
    };
    mkdirSync(join(__dirname, 'results'), { recursive: true });
    const stamp = report.generatedAt.replace(/[:.]/g, '-');
    writeFileSync(join(__dirname, 'results', `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(__dirname, 'results', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results written to bench/results/latest.json`);
    void round;
  } finally {
    for (const stop of stopAll.reverse()) await stop();
    await mongo.stop();
  }
}

runToExit(main);
