const autocannon = require('autocannon');

/**
 * What a scenario gets. Figures are collected in `results` and printed with their ratio to the
 * run's bare-Express baseline at the same number of connections.
 */
class BenchContext {
  constructor({ baseUrl, manifest, db, dbPid, app, baseline, seconds, root, appEnv }) {
    this.baseUrl = baseUrl;
    this.root = root; // the repository (startApp of bench/lib/processes for a second app)
    this.appEnv = appEnv; // the app's environment in this run (a second app starts with it and its changes)
    this.manifest = manifest;
    this.db = db;
    this.dbPid = dbPid; // the database server's process, for its CPU
    this.app = app; // { child } of the app process, for RSS
    this.baseline = baseline; // { express: {1: rps, 10: rps, 50: rps}, node: {...} }
    this.seconds = seconds;
    this.results = [];
  }

  /**
   * A database of its own on the run's server (`<run's database>-<suffix>`), for an app started
   * beside the run's: apps on one database share its telemetry partitions (each owns some, hands
   * the others' batches over), so apps compared side by side each get one.
   */
  ownDatabase(suffix) {
    const name = `${this.db.name}-${suffix}`;
    return { name, uri: this.appEnv.MONGODB_URI.replace(/\/[^/?]+(\?|$)/, `/${name}$1`), db: this.db.getClient().db(name) };
  }

  /** Load one route with autocannon at each number of connections. */
  async load({ title, method = 'GET', path, headers = {}, body, connections = [1, 10, 50], seconds = this.seconds }) {
    const rows = [];
    for (const c of connections) {
      const result = await autocannon({
        url: `${this.baseUrl}${path}`,
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        connections: c,
        duration: seconds,
      });
      const baseline = this.baseline?.express?.[c];
      const row = {
        kind: 'load',
        title,
        connections: c,
        reqPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        ratioToExpress: baseline ? round(result.requests.average / baseline, 3) : undefined,
      };
      rows.push(row);
      this.results.push(row);
      print(row);
    }
    return rows;
  }

  /** Median/min/max wall time of an async function over `runs` runs (after one warm-up). */
  async time({ title, runs = 5, warmup = 1, fn }) {
    for (let i = 0; i < warmup; i++) await fn(-1);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      await fn(i);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    const row = {
      kind: 'time',
      title,
      runs,
      medianMs: round(times[Math.floor(times.length / 2)], 1),
      minMs: round(times[0], 1),
      maxMs: round(times.at(-1), 1),
    };
    this.results.push(row);
    print(row);
    return row;
  }

  note(title, value, unit) {
    const row = { kind: 'note', title, value, unit };
    this.results.push(row);
    print(row);
    return row;
  }

  /** Authorization header of a demo user (`admin` of `acme` by default), with its API token. */
  auth(user = 'admin', client = 'acme') {
    return { authorization: `Bearer ${this.manifest.clients[client].users[user].apiToken}` };
  }
}

function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function print(row) {
  if (row.kind === 'load') {
    const ratio = row.ratioToExpress === undefined ? '' : `  x${row.ratioToExpress} of bare Express`;
    const bad = row.non2xx || row.errors ? `  (non-2xx ${row.non2xx}, errors ${row.errors})` : '';
    console.log(`  ${row.title} @${row.connections}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${ratio}${bad}`);
  } else if (row.kind === 'time') {
    console.log(`  ${row.title}: median ${row.medianMs} ms (min ${row.minMs}, max ${row.maxMs}, ${row.runs} runs)`);
  } else {
    console.log(`  ${row.title}: ${row.value}${row.unit ? ` ${row.unit}` : ''}`);
  }
}

module.exports = { BenchContext, round };
