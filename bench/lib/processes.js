const { fork, spawn } = require('node:child_process');
const { mkdtempSync, openSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

/** A baseline server script, forked with the body it must answer. */
async function startBaseline(script, body) {
  const port = await freePort();
  const child = fork(script, [], { env: { ...process.env, PORT: String(port), BASELINE_BODY: body }, stdio: 'ignore' });
  await waitForHttp(`http://127.0.0.1:${port}/`, child);
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stop(child) };
}

/**
 * The Node options the app runs with in production (`npm start` and the Docker image read the same
 * `config.nodeOptions` of the build's package.json; a build copied without one runs with none).
 */
function appNodeOptions(root) {
  try {
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).config?.nodeOptions ?? '').split(' ').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The real app, built, in its own process, with its production Node options (or with the caller's
 * `NODE_OPTIONS` instead, when it gives them: bench:compare's `DIR@OPTIONS`); its logs go to
 * /dev/null (still produced, as in production), or to the file BENCH_APP_LOG names (to read why a
 * scenario failed); with BENCH_APP_PROFILE, a CPU profile of the app is written into that folder
 * when it stops.
 */
async function startApp(root, env) {
  const port = await freePort();
  const logs = process.env.BENCH_APP_LOG ? openSync(process.env.BENCH_APP_LOG, 'w') : 'ignore';
  // BENCH_APP_PROFILE names a folder for the app's CPU profile (written when it stops).
  const profile = process.env.BENCH_APP_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_PROFILE}`] : [];
  const child = spawn(process.execPath, [...(env.NODE_OPTIONS === undefined ? appNodeOptions(root) : []), ...profile, `${root}/dist/src/main.js`], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', logs, 'inherit'],
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, child);
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stop(child) };
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Resident set size of a process, in MiB (Linux /proc). */
function rssMiB(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Seeds the demo data with the built command line (the database must be empty); returns the manifest. */
async function seedDemo(root, env) {
  const manifestFile = join(mkdtempSync(join(tmpdir(), 'fleet-bench-')), 'manifest.json');
  await run(process.execPath, [join(root, 'dist/src/cli/main.js'), 'seed-demo', '--out', manifestFile], { ...env, LOG_LEVEL: 'warn' });
  return JSON.parse(readFileSync(manifestFile, 'utf8'));
}

/** Runs a bench script's `main`, then ends the process (the app and database it started would keep it alive): 0, or 1 with the error printed. */
function runToExit(main) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { freePort, startBaseline, startApp, rssMiB, run, runToExit, seedDemo };
