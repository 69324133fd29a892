#!/usr/bin/env node
// A newcomer's first hour, as CI runs it (.ci/run, after npm test): clone the repository into a
// temporary folder, run the README's first command (`npm run setup && npm start`) on a free PORT,
// wait for health, sign in with the demo credentials the clone printed (.data/demo-manifest.json),
// call one endpoint of every domain (tickets and the invoice PDF included), stop the app, and
// check that nothing it started is left running (the embedded Java server, Chromium).
// One summary line at the end; exit 1 on any failure. Bounded: NEWCOMER_TIMEOUT_SECONDS (600).
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const repository = join(__dirname, '..');
const started = Date.now();
const budgetMs = Number(process.env.NEWCOMER_TIMEOUT_SECONDS ?? 600) * 1000;
const work = mkdtempSync(join(tmpdir(), 'newcomer-'));
const clone = join(work, 'fleet');
const log = (line) => process.stderr.write(`[newcomer ${Math.round((Date.now() - started) / 1000)}s] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The process and every descendant, from /proc (Chromium and Java included). */
function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const visit = (pid) => (tree.push(pid), (children.get(pid) ?? []).forEach(visit));
  visit(root);
  return tree;
}

const alive = (pid) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
const command = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 120);
  } catch {
    return '?';
  }
};

async function call(base, method, path, { token, body, expect = 200 } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  if (response.status !== expect)
    throw new Error(`${method} ${path}: ${response.status} (expected ${expect}) ${type.includes('json') ? JSON.stringify(payload).slice(0, 300) : ''}`);
  return { payload, type };
}

/** One endpoint of every domain, as the demo admin. Returns the names of the checks passed. */
async function exerciseEveryDomain(base, manifest) {
  const acme = manifest.clients.acme;
  const { admin, operator } = acme.users;
  const passed = [];
  const check = async (name, run) => {
    await run();
    passed.push(name);
  };
  const { payload: session } = await call(base, 'POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  const token = session.data.token;
  const day = (offset) => new Date(Date.now() + offset * 86_400_000);
  const ddmmyyyy = (date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');
  await check('auth', () => call(base, 'GET', '/api/auth/me', { token }));
  await check('health', () => call(base, 'GET', '/api/health/ready'));
  await check('drivers', () => call(base, 'GET', `/api/drivers/${acme.drivers.existing.id}`, { token }));
  await check('activity', () => call(base, 'GET', `/api/activity-log/${acme.activityEvent}`, { token }));
  await check('partner', () => call(base, 'GET', `/api/partner/${admin.id}`, { token }));
  await check('positions', () =>
    call(base, 'POST', '/api/positions/stats', { token, body: { assetIds: [acme.assets.tracked], from: ddmmyyyy(day(-7)), to: ddmmyyyy(day(0)) } }),
  );
  await check('trips', async () => {
    const { payload } = await call(base, 'GET', `/api/trips/${acme.trip.vendorId}/trip/${acme.trip.tripId}`, { token });
    if (!payload.data.startAddress || !payload.data.endAddress)
      throw new Error(`trip addresses missing: ${payload.data.startAddress} / ${payload.data.endAddress}`);
  });
  await check('inspections', () => call(base, 'GET', `/api/inspections/scan/${acme.qrCodes.valid}`, { token }));
  await check('forms', () => call(base, 'GET', '/api/dynamic-forms', { token }));
  await check('maintenance', () => call(base, 'GET', '/api/maintenance/work-orders/categories', { token }));
  await check('fuel', () => call(base, 'GET', '/api/fuel-prices/history', { token }));
  await check('cargo', () => call(base, 'GET', `/api/cargo/ubicaciones/${acme.cargoLocation}`, { token }));
  await check('tickets', () =>
    call(base, 'POST', '/api/support/tickets', {
      token,
      expect: 201,
      body: { title: 'First hour', description: 'Checking the demo portal', category: 'technical' },
    }),
  );
  await check('invoice PDF', async () => {
    const month = day(0).toISOString().slice(0, 7);
    const { payload, type } = await call(base, 'POST', '/api/invoices/report?format=pdf', {
      token,
      body: { from: `${month}-01`, to: day(0).toISOString().slice(0, 10) },
    });
    if (!type.startsWith('application/pdf') || payload.subarray(0, 5).toString() !== '%PDF-') throw new Error(`not a PDF: ${type}`);
  });
  await check('users', () => call(base, 'PATCH', `/api/users/${operator.id}/change-password`, { token, body: { password: 'a-newcomer-password-1' } }));
  return passed;
}

async function main() {
  log(`cloning ${repository} into ${clone}`);
  execFileSync('git', ['clone', '--quiet', repository, clone], { stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`running the README's first command: npm run setup && npm start (PORT=${port})`);
  // Its own process group, so that stopping it reaches npm and the app alike (Ctrl-C in a terminal).
  const app = spawn('bash', ['-c', 'npm run setup && npm start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout.on('data', (chunk) => (output += chunk));
  app.stderr.on('data', (chunk) => (output += chunk));
  let tree = [];
  let passed = [];
  try {
    while (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) before answering`);
      if (Date.now() - started > budgetMs) throw new Error('no health answer in time');
      await sleep(1000);
    }
    log('healthy; signing in with the printed demo credentials');
    const manifest = JSON.parse(readFileSync(join(clone, '.data', 'demo-manifest.json'), 'utf8'));
    if (!output.includes(manifest.clients.acme.users.admin.password)) throw new Error('the start-up lines do not show the demo password');
    passed = await exerciseEveryDomain(base, manifest);
    tree = processTree(app.pid); // now with the embedded server and Chromium
  } finally {
    writeFileSync(join(work, 'app.log'), output);
    log(`stopping the app (${tree.length} processes)`);
    try {
      process.kill(-app.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const until = Date.now() + 30_000;
    while (tree.some(alive) && Date.now() < until) await sleep(250);
  }
  const left = tree.filter(alive);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  if (left.length > 0) throw new Error(`left running after the app stopped: ${left.map((pid) => `${pid} ${command(pid)}`).join('; ')}`);
  return { passed, processes: tree.length };
}

main().then(
  ({ passed, processes }) => {
    rmSync(work, { recursive: true, force: true });
    process.stdout.write(
      `newcomer check: OK in ${Math.round((Date.now() - started) / 1000)}s — ${passed.length} domains answered (${passed.join(', ')}); ${processes} processes started, none left\n`,
    );
  },
  (error) => {
    process.stdout.write(`newcomer check: FAILED after ${Math.round((Date.now() - started) / 1000)}s — ${error.message} (clone and log kept in ${work})\n`);
    process.exit(1);
  },
);
